/** Input of item/addFiles (ours): item/addFile's fields in the query string, for every file of the body. */
import { z } from 'zod';
import { lazyValue } from '../shared/lazy-value';
import { addFileInput, notHere } from './item-add-file.schema';

const perFile = (field: string, why: string) => z.undefined({ error: `item/addFiles gives every file the same fields; ${field} ${why}` }).optional();

export const addFilesInput = lazyValue(() =>
  addFileInput().extend({
    fileName: perFile('fileName', "is each file part's own name"),
    id: perFile('id', 'would be given to each of them; send one file to item/addFile instead'),
    url: notHere('url', 'item/addFiles'),
    base64: notHere('base64', 'item/addFiles'),
    path: notHere('path', 'item/addFiles'),
    bookmarkURL: notHere('bookmarkURL', 'item/addFiles'),
  }),
);
export type AddFilesInput = z.output<ReturnType<typeof addFilesInput>>;
