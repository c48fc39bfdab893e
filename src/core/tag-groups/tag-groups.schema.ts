import { z } from 'zod';
import { colourOrEmpty } from '../http/colour';
import { flag, requiredString } from '../http/input';
import { pageSchema } from '../http/pagination';
import { tagNameArray } from '../http/tag-names';
import { lazyValue } from '../shared/lazy-value';

/** Every tag group write is a POST with a JSON body: `tags` is a JSON array (string[] in the contract). */
export const tagGroupPageInput = pageSchema;

export const createTagGroupInput = lazyValue(() => z.object({
  name: requiredString(),
  /** Public clients send only `name` (docs/contract.md#tags-and-tag-groups): a missing list is empty. */
  tags: tagNameArray().default([]),
  color: colourOrEmpty().default(''),
  description: z.string().default(''),
}));

/** Only the fields sent change; `tags` replaces the list only when sent (docs/contract.md#tags-and-tag-groups). */
export const updateTagGroupInput = lazyValue(() => z.object({
  id: requiredString(),
  name: requiredString().optional(),
  tags: tagNameArray().optional(),
  color: colourOrEmpty().optional(),
  description: z.string().optional(),
}));

export const removeTagGroupInput = lazyValue(() => z.object({ id: requiredString() }));

export const addTagsInput = lazyValue(() => z.object({
  groupId: requiredString(),
  tags: tagNameArray(),
  removeFromSource: flag().default(false),
}));

export const removeTagsInput = lazyValue(() => z.object({ groupId: requiredString(), tags: tagNameArray() }));

export type CreateTagGroupInput = z.output<ReturnType<typeof createTagGroupInput>>;
export type UpdateTagGroupInput = z.output<ReturnType<typeof updateTagGroupInput>>;
export type AddTagsInput = z.output<ReturnType<typeof addTagsInput>>;
export type RemoveTagsInput = z.output<ReturnType<typeof removeTagsInput>>;
