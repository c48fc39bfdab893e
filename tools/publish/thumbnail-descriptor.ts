/**
 * The visual descriptor of a thumbnail, in node: decoded (decode-picture.ts), scaled to the work
 * square (box-resize.ts, aspect not kept, as the browser does), then the browser's own pure
 * describePixels (src/media/descriptor.ts). `publish` gives it to publishLibrary.
 */
import { WORK_SIDE } from '../../src/core/ai-search/descriptor-layout';
import { describePixels } from '../../src/media/descriptor';
import { boxResize } from './box-resize';
import { decodePicture } from './decode-picture';

/** `thumbnail` typed by its bytes (eagle-library/sniff.ts). */
export async function describeThumbnail(thumbnail: Blob): Promise<Uint8Array> {
  const pixels = await decodePicture(new Uint8Array(await thumbnail.arrayBuffer()), thumbnail.type);
  return describePixels(boxResize(pixels, WORK_SIDE));
}
