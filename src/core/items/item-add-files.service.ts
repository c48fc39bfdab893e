/**
 * item/addFiles (ours): several files in one multipart/form-data body, each a `files` part, added
 * all or none with the same fields (the query string): what a share sheet sends. Each file stays the
 * Blob its part is, as in item/addFile, so a share of a 450 MB video or eighty photos is never turned
 * into Base64 text (a string in Chromium holds at most 2^29 characters, about 384 MB of Base64).
 */
import type { Context } from '../context';
import { ApiError, invalid } from '../http/errors';
import { roomOf, tooLargeFor } from '../shared/storage-room';
import { writeNewItems, type Prepared } from './item-add.service';
import { FILES_FIELD } from './add-files-field';
import type { AddFilesInput } from './item-add-files.schema';
import { MAX_BATCH } from './item.schema';
import { describe } from './item-sources';

export async function addFiles(ctx: Context, input: AddFilesInput, request: Request): Promise<{ ids: string[]; duplicateOf: (string | null)[] }> {
  const form = await request.formData().catch(() => {
    throw invalid(`body: must be multipart/form-data, each file a "${FILES_FIELD}" part.`);
  });
  const parts = form.getAll(FILES_FIELD);
  const text = parts.findIndex((part) => typeof part === 'string');
  if (text >= 0) throw invalid(`${FILES_FIELD}[${text}]: is text, not a file.`);
  const files = parts as File[];
  if (files.length === 0) throw invalid(`body: holds no file; send each file as a "${FILES_FIELD}" part.`);
  if (files.length > MAX_BATCH) throw invalid(`${FILES_FIELD}: at most ${MAX_BATCH} files a request, not ${files.length}.`);
  const empty = files.findIndex((file) => file.size === 0);
  if (empty >= 0) throw invalid(`${FILES_FIELD}[${empty}]: "${files[empty]!.name}" holds no data.`);
  const tooLarge = tooLargeFor(roomOf(await ctx.storageEstimate()), files.reduce((sum, file) => sum + file.size, 0), 'body');
  if (tooLarge) throw new ApiError('QUOTA_EXCEEDED', tooLarge);
  // The fields are the query string's, shared by every file: an error about them names them alone.
  const prepared: Prepared[] = [];
  for (const file of files) prepared.push({ input, field: '', source: await describe('body', { blob: file, declaredMime: file.type }, file.name, '') });
  return writeNewItems(ctx, prepared);
}
