/** An item as lists answer it (./item-view.ts), for the OpenAPI document: shared by every feature that lists items. */
import { z } from 'zod';
import { page } from '../http/output-kit';
import { lazyValue } from '../shared/lazy-value';

// `color` is [r, g, b]; an array of three rather than z.tuple, whose code the worker's core script does not hold.
const palette = () => z.object({ color: z.array(z.number()).length(3), ratio: z.number() });

/** An item as lists and item/update answer it (./item-view.ts); one instance, so the document names it once. */
export const itemViewOutput = lazyValue(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    ext: z.string(),
    width: z.number(),
    height: z.number(),
    url: z.string(),
    isDeleted: z.boolean(),
    annotation: z.string(),
    tags: z.array(z.string()),
    folders: z.array(z.string()),
    palettes: z.array(palette()),
    size: z.number(),
    star: z.number(),
    modificationTime: z.number(),
    noThumbnail: z.boolean(),
    noPreview: z.boolean(),
    importedAt: z.number(),
    fileURL: z.string(),
    thumbnailURL: z.string(),
    thumbnailReady: z.boolean(),
    linkedURL: z.string(),
    notKept: z.string(),
  }),
);

/** A page of items with the fields a list asked for (`fields`). */
export const itemPageOutput = () => page(itemViewOutput().partial());
