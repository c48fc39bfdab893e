/** Input schemas of the item endpoints; types come from here. */
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { flag, integer, requiredString, stringList } from '../http/input';
import { pageFields } from '../http/pagination';
import { itemFieldsSchema } from '../listing/item-view';
import { itemFilterFields, MAX_QUERY_LENGTH, rating } from '../listing/listing.schema';
import { orderBySchema } from '../listing/order';
import { tagNameList } from '../http/tag-names';
import { lazyValue } from '../shared/lazy-value';

export { itemFilterFields, MAX_QUERY_LENGTH };

export const itemListInput = lazyValue(() => z.object({
  ...itemFilterFields(),
  fields: itemFieldsSchema().optional(),
  orderBy: orderBySchema().optional(),
  seed: integer().optional(),
  ...pageFields(),
}));
export type ItemListInput = z.output<ReturnType<typeof itemListInput>>;

/** item/ids answers up to this many ids at once: a whole 100k library's selection in one request. */
export const MAX_IDS = 100_000;

/** item/ids and item/position (ours): the filters of item/get, an optional item/query `query`, and the order. */
const listingFields = () => ({
  ...itemFilterFields(),
  query: z.string().max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
  orderBy: orderBySchema().optional(),
  seed: integer().optional(),
});

export const itemIdsInput = lazyValue(() => z.object({
  ...listingFields(),
  offset: integer().pipe(z.number().min(0, 'must be 0 or more')).default(0),
  limit: integer()
    .pipe(z.number().min(1, 'must be 1 or more'))
    .default(MAX_IDS)
    .transform((limit) => Math.min(limit, MAX_IDS)),
}));
export type ItemIdsInput = z.output<ReturnType<typeof itemIdsInput>>;

export const itemPositionInput = lazyValue(() => z.object({ ...listingFields(), item: requiredString() }));
export type ItemPositionInput = z.output<ReturnType<typeof itemPositionInput>>;

const NAME_MAX = 1024;
const name = () => z.string().trim().min(1, 'must not be empty').max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

/** One item of item/add; the source fields are checked by `sourceOf` (exactly one). */
export const newItemInput = lazyValue(() => z.object({
  id: requiredString().max(128, 'must be at most 128 characters').optional(),
  name: name().optional(),
  tags: tagNameList().optional(),
  folders: stringList().optional(),
  annotation: z.string().optional(),
  website: z.string().optional(),
  star: rating().optional(),
  modificationTime: integer().pipe(z.number().min(0)).optional(),
  url: z.string().optional(),
  base64: z.string().optional(),
  path: z.string().optional(),
  bookmarkURL: z.string().optional(),
  /**
   * Ours: the file's extension when its bytes and source do not tell it (Base64 of a type no one
   * sniffs: `setup.exe`, `mystery.xyz`); without it, a Base64 item's `name` lends its extension.
   */
  ext: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^\.?[a-z0-9]{1,16}$/, 'must be a file extension of 1 to 16 letters or digits, e.g. "exe"')
    .transform((ext) => ext.replace(/^\./, ''))
    .optional(),
}));
export type NewItemInput = z.output<ReturnType<typeof newItemInput>>;

export const MAX_BATCH = 1000;

/**
 * item/add takes one item, or `items`: a batch checked item by item so errors name the index
 * ("items[6].url"). The route's one validation: the service gets the parsed items. A batch over
 * MAX_BATCH is refused before any of its items is read.
 */
export const addInput = lazyValue(() =>
  z.union([z.object({ items: z.array(z.unknown()) }), z.record(z.string(), z.unknown())]).transform((raw, ctx) => {
    const batch = Array.isArray(raw.items);
    const entries = batch ? (raw.items as unknown[]) : [raw];
    if (batch && entries.length > MAX_BATCH) {
      throw new ApiError('PAYLOAD_TOO_LARGE', `items: a batch holds at most ${MAX_BATCH} items, this one has ${entries.length}.`);
    }
    if (entries.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: 'must hold at least one item' });
    const items: NewItemInput[] = [];
    for (const [index, entry] of entries.entries()) {
      const parsed = newItemInput().safeParse(entry);
      if (parsed.success) items.push(parsed.data);
      else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [...(batch ? ['items', index] : []), ...issue.path], message: issue.message });
    }
    return { batch, items };
  }),
);
export type AddInput = z.output<ReturnType<typeof addInput>>;

export const updateInput = lazyValue(() => z.object({
  id: requiredString(),
  name: name().optional(),
  tags: tagNameList().optional(),
  folders: stringList().optional(),
  annotation: z.string().optional(),
  url: z.string().optional(),
  star: rating().optional(),
  modificationTime: integer().pipe(z.number().min(0, 'must be 0 or more')).optional(),
  noThumbnail: flag().optional(),
  noPreview: flag().optional(),
  isDeleted: flag().optional(),
}));
export type UpdateInput = z.output<ReturnType<typeof updateInput>>;

/** item/update takes one item, or `items` (ours): a batch checked entry by entry so errors name the index. */
export const updateRequestInput = lazyValue(() => z.union([z.object({ items: z.array(z.unknown()) }), z.record(z.string(), z.unknown())]));

export const itemIdInput = lazyValue(() => z.object({ id: requiredString() }));
/** item/thumbnail (ours: `preferOriginal`, the original instead when it is already on this device). */
export const thumbnailInput = lazyValue(() => z.object({ id: requiredString(), preferOriginal: flag().optional() }));
/** Ranges a described selection may hold: a person's shift-clicks, not a list of ids in disguise. */
export const MAX_RANGES = 1_000;

/** Indexes `from` to `to` (both in) of a listing's order. */
const positionRange = () =>
  z
    .object({ from: integer().pipe(z.number().min(0, 'must be 0 or more')), to: integer().pipe(z.number().min(0, 'must be 0 or more')) })
    .refine((range) => range.to >= range.from, { message: 'must be at least from', path: ['to'] });

/**
 * item/select: the ids, or (ours) a selection described as a listing, ranges of its positions and
 * ids added or removed by hand; the worker resolves the description (./selection.ts).
 */
export const selectInput = lazyValue(() =>
  z
    .object({
      ids: stringList().optional(),
      listing: z.object(listingFields()).optional(),
      ranges: z.array(positionRange()).max(MAX_RANGES, `must hold at most ${MAX_RANGES} ranges`).optional(),
      added: stringList().optional(),
      removed: stringList().optional(),
    })
    .superRefine((input, ctx) => {
      const described = input.listing !== undefined || input.ranges !== undefined || input.added !== undefined || input.removed !== undefined;
      if (input.ids === undefined && !described) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'required (or describe the selection with listing and ranges)' });
      if (input.ids !== undefined && described) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'give ids or a described selection, not both' });
      if (input.ranges?.length && input.listing === undefined) ctx.addIssue({ code: 'custom', path: ['listing'], message: 'required with ranges (the listing they are positions of)' });
    }),
);
export type SelectInput = z.output<ReturnType<typeof selectInput>>;

/** item/selection (ours): a stretch of the resolved selection, in its order; `version`: only of that selection. */
export const selectionPageInput = lazyValue(() =>
  z.object({
    version: integer().pipe(z.number().min(0, 'must be 0 or more')).optional(),
    offset: integer().pipe(z.number().min(0, 'must be 0 or more')).default(0),
    limit: integer()
      .pipe(z.number().min(1, 'must be 1 or more'))
      .default(MAX_IDS)
      .transform((limit) => Math.min(limit, MAX_IDS)),
  }),
);
/** item/remove (ours): the trashed items to delete for good. */
export const removeItemsInput = lazyValue(() => z.object({ ids: stringList().pipe(z.array(requiredString()).min(1, 'must list at least one item id')) }));
