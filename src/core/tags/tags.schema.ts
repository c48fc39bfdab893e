import { z } from 'zod';
import { colourOrEmpty } from '../http/colour';
import { flag } from '../http/input';
import { pageFields, pageSchema } from '../http/pagination';
import { tagName } from '../http/tag-names';
import { lazyValue } from '../shared/lazy-value';

export const getTagsInput = lazyValue(() => z.object({ name: z.string().optional(), ...pageFields() }));

export const tagPageInput = pageSchema;

/** An existing tag's name, taken exactly as stored (no trimming, so any stored name is reachable). */
const existingName = () => z.string().min(1, 'must not be empty');

export const updateTagInput = lazyValue(() => z.object({
  originalName: existingName(),
  /** The new name; optional here (ours), so `color` or `starred` can change alone. */
  name: tagName().optional(),
  color: colourOrEmpty().optional(),
  starred: flag().optional(),
}));

export const mergeTagsInput = lazyValue(() => z.object({ source: existingName(), target: tagName() }));

export type UpdateTagInput = z.output<ReturnType<typeof updateTagInput>>;
export type MergeTagsInput = z.output<ReturnType<typeof mergeTagsInput>>;
