/** Input of item/addFile (ours): item/add's fields in the query string; the file is the request body. */
import { z } from 'zod';
import { lazyValue } from '../shared/lazy-value';
import { newItemInput } from './item.schema';

const FILE_NAME_MAX = 1024;

/** The body is the source: a source field in the query string is an error naming it and the route. */
export const notHere = (field: string, route = 'item/addFile') =>
  z.undefined({ error: `${route} takes the file${route === 'item/addFiles' ? 's' : ''} as the request body; ${field} is a source of item/add, not of ${route}` }).optional();

export const addFileInput = lazyValue(() =>
  newItemInput().extend({
    /** The file's name: its extension and the item's name when `name` is not given. */
    fileName: z.string().trim().min(1, 'must not be empty').max(FILE_NAME_MAX, `must be at most ${FILE_NAME_MAX} characters`).optional(),
    url: notHere('url'),
    base64: notHere('base64'),
    path: notHere('path'),
    bookmarkURL: notHere('bookmarkURL'),
  }),
);
export type AddFileInput = z.output<ReturnType<typeof addFileInput>>;
