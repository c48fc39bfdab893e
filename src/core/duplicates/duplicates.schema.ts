/** Input schemas of the duplicate routes (ours); types come from here. */
import { z } from 'zod';
import { closedObject, integer, requiredString, stringList } from '../http/input';
import { pageFields } from '../http/pagination';
import { lazyValue } from '../shared/lazy-value';
import { tagNameList } from '../http/tag-names';
import { rating } from '../listing/listing.schema';

/** Picture hashes this many bits apart (of 64) or fewer are near-duplicates, unless a request says otherwise. */
export const DEFAULT_THRESHOLD = 8;
/** The most a request may ask: the look-up probes every block value within ⌊threshold / 4⌋ bits, 137 per block at 10. */
export const MAX_THRESHOLD = 10;

export const duplicatesInput = lazyValue(() =>
  z.object({
    ...pageFields(),
    threshold: integer()
      .pipe(z.number().min(0, `must be 0 to ${MAX_THRESHOLD}`).max(MAX_THRESHOLD, `must be 0 to ${MAX_THRESHOLD}`))
      .default(DEFAULT_THRESHOLD),
  }),
);
export type DuplicatesInput = z.output<ReturnType<typeof duplicatesInput>>;

/** A merge names at most this many others: with the kept item, the 1000 items a write batch holds elsewhere in the API. */
export const MAX_OTHERS = 999;

export const mergeDuplicatesInput = lazyValue(() =>
  z.object({
    keep: requiredString(),
    others: stringList()
      .pipe(z.array(requiredString()).min(1, 'must name at least one item').max(MAX_OTHERS, `must name at most ${MAX_OTHERS} items`)),
  }),
);
export type MergeDuplicatesInput = z.output<ReturnType<typeof mergeDuplicatesInput>>;

/** The most comment ids an Undo names: the copies of 999 others' comments, generously. */
export const MAX_COPIED_COMMENTS = 100_000;

/** item/unmergeDuplicates: a merge's answer sent back (`item.id` as `keep`). */
export const unmergeDuplicatesInput = lazyValue(() =>
  z.object({
    keep: requiredString(),
    previous: closedObject({
      tags: tagNameList().optional(),
      folders: stringList().optional(),
      annotation: z.string().optional(),
      star: rating().optional(),
      url: z.string().optional(),
    }),
    trashed: stringList().pipe(z.array(requiredString()).max(MAX_OTHERS, `must name at most ${MAX_OTHERS} items`)),
    copiedComments: stringList()
      .pipe(z.array(requiredString()).max(MAX_COPIED_COMMENTS, `must name at most ${MAX_COPIED_COMMENTS} comments`))
      .default([]),
  }),
);
export type UnmergeDuplicatesInput = z.output<ReturnType<typeof unmergeDuplicatesInput>>;
