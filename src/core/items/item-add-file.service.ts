/**
 * item/addFile (ours): one item whose file is the request body, its fields in the query string.
 * The body is taken as a Blob and stored as one: a file of any size is never read into memory
 * (its type is sniffed from a slice of its head), so a page sends a 2 GB video as it is, not as
 * Base64 text in JSON. A file larger than the room the browser leaves this site is refused before
 * anything is written.
 */
import type { Context } from '../context';
import { ApiError, invalid } from '../http/errors';
import { writeNewItems } from './item-add.service';
import type { AddFileInput } from './item-add-file.schema';
import { describe } from './item-sources';
import { roomOf, tooLargeFor } from '../shared/storage-room';

export async function addFile(ctx: Context, input: AddFileInput, request: Request): Promise<{ id: string; duplicateOf: string | null }> {
  const blob = await request.blob();
  if (blob.size === 0) throw invalid('body: holds no data; send the file as the request body.');
  const tooLarge = tooLargeFor(roomOf(await ctx.storageEstimate()), blob.size, 'body');
  if (tooLarge) throw new ApiError('QUOTA_EXCEEDED', tooLarge);
  const declaredMime = request.headers.get('Content-Type') ?? '';
  const source = await describe('body', { blob, declaredMime }, input.fileName ?? '', '');
  // A big file is hashed in slices (shared/content-hash.ts), never read whole.
  const { ids, duplicateOf } = await writeNewItems(ctx, [{ input, source, field: '' }]);
  return { id: ids[0]!, duplicateOf: duplicateOf[0]! };
}
