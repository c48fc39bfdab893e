import { z } from 'zod';
import { flag, integer, requiredString } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

/** POST library/subscribe: the published library's folder URL (absolute, or relative to this site). */
export const subscribeInput = lazyValue(() =>
  z.object({
    url: requiredString().max(4000, 'must be at most 4000 characters'),
    /** Answer once every shard is stored (scripts, tests); by default after the first. */
    wait: flag().default(false),
  }),
);

/**
 * GET and POST library/publish: the open library, or a part of it (a folder or a smart folder), as
 * the published format in a zip. `have`: files the destination already holds, left out of the zip.
 */
export const publishInput = lazyValue(() =>
  z.object({
    folderId: requiredString().max(200, 'must be at most 200 characters').optional(),
    /** With the folder's subfolders (default). */
    subfolders: flag().default(true),
    smartFolderId: requiredString().max(200, 'must be at most 200 characters').optional(),
    originals: flag().default(true),
    name: requiredString().max(200, 'must be at most 200 characters').optional(),
    shardItems: integer().pipe(z.number().min(1, 'must be at least 1').max(100_000, 'must be at most 100000')).optional(),
    have: z.array(z.string().max(300)).max(1_000_000, 'must list at most 1000000 files').default([]),
  }),
);
