/**
 * The central directory of a store-only zip, read without zip.js: one read of the directory and a
 * plain loop over its records. zip.js spends about 0.1 ms an entry building its entry objects
 * (3 to 4 s for the 29,000 entries of a 10,000-item library, most of an import's head start), and
 * every entry of an Eagle library zip we make or users store is just a byte range.
 *
 * Only the simple case is answered: every entry stored (method 0), unencrypted, on one disk, its
 * name UTF-8 flagged or plain ASCII, no Info-ZIP Unicode path field. Anything else (a deflated
 * entry, a CP437 name, a damaged directory) answers undefined, and zipTree reads the zip with
 * zip.js as before: one reader for everything that needs decoding.
 */
export interface StoredEntry {
  filename: string;
  directory: boolean;
  /** Offset of the entry's local header. */
  offset: number;
  compressedSize: number;
  compressionMethod: 0;
  encrypted: false;
  rawFilename: Uint8Array;
  rawExtraField: Uint8Array;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_RECORD = 0x02014b50;
const ZIP64_FIELD = 0x0001;
const UNICODE_PATH_FIELD = 0x7075;
const MAX_32 = 0xffffffff;
const UTF8_FLAG = 0x0800;
const ENCRYPTED_FLAG = 0x0001;
/** The end record (22 bytes) plus the longest comment it may carry. */
const TAIL = 22 + 0xffff;

const bytesOf = async (zip: Blob, from: number, to: number) => new Uint8Array(await zip.slice(from, to).arrayBuffer());
const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/** The directory's offset, size and entry count, from the end record (Zip64 when it says so). */
async function directoryPlace(zip: Blob): Promise<{ offset: number; size: number; count: number } | undefined> {
  const tailStart = Math.max(0, zip.size - TAIL);
  const tail = await bytesOf(zip, tailStart, zip.size);
  const view = new DataView(tail.buffer);
  let at = tail.length - 22;
  // The end record whose comment reaches the end of the zip (a comment may hold the signature too).
  const isEnd = (at: number) => view.getUint32(at, true) === END_OF_DIRECTORY && at + 22 + view.getUint16(at + 20, true) === tail.length;
  while (at >= 0 && !isEnd(at)) at -= 1;
  if (at < 0) return undefined;
  // Disk numbers: 0 for a single-disk zip (0xFFFF when the Zip64 record holds them).
  let disks = [view.getUint16(at + 4, true), view.getUint16(at + 6, true)];
  let count = view.getUint16(at + 10, true);
  let size = view.getUint32(at + 12, true);
  let offset = view.getUint32(at + 16, true);
  if (count === 0xffff || size === MAX_32 || offset === MAX_32) {
    const locatorAt = tailStart + at - 20;
    if (locatorAt < 0) return undefined;
    const locator = new DataView((await bytesOf(zip, locatorAt, locatorAt + 20)).buffer);
    if (locator.getUint32(0, true) !== ZIP64_LOCATOR) return undefined;
    const endAt = u64(locator, 8);
    const end = new DataView((await bytesOf(zip, endAt, endAt + 56)).buffer);
    if (end.byteLength < 56 || end.getUint32(0, true) !== ZIP64_END) return undefined;
    disks = [end.getUint32(16, true), end.getUint32(20, true)];
    count = u64(end, 32);
    size = u64(end, 40);
    offset = u64(end, 48);
  }
  if (disks.some((disk) => disk !== 0)) return undefined;
  return offset + size <= zip.size ? { offset, size, count } : undefined;
}

/** The entries of a store-only zip, or undefined when the zip needs zip.js (see above). */
export async function readStoredDirectory(zip: Blob): Promise<StoredEntry[] | undefined> {
  const place = await directoryPlace(zip);
  if (!place) return undefined;
  const directory = await bytesOf(zip, place.offset, place.offset + place.size);
  const view = new DataView(directory.buffer);
  const utf8 = new TextDecoder();
  const entries: StoredEntry[] = [];
  let at = 0;
  while (entries.length < place.count) {
    if (at + 46 > directory.length || view.getUint32(at, true) !== DIRECTORY_RECORD) return undefined;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (method !== 0 || flags & ENCRYPTED_FLAG || view.getUint16(at + 34, true) !== 0 || next > directory.length) return undefined;
    const rawFilename = directory.subarray(at + 46, at + 46 + nameLength);
    if (!(flags & UTF8_FLAG) && rawFilename.some((byte) => byte >= 0x80)) return undefined;
    const rawExtraField = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    const sizes = zip64Sizes(rawExtraField, view.getUint32(at + 20, true), view.getUint32(at + 42, true), view.getUint32(at + 24, true));
    if (!sizes) return undefined;
    const filename = utf8.decode(rawFilename);
    const external = view.getUint32(at + 38, true);
    const unixDirectory = view.getUint8(at + 5) === 3 && ((external >>> 16) & 0o170000) === 0o040000;
    entries.push({
      filename,
      directory: filename.endsWith('/') || unixDirectory || (external & 0x10) !== 0,
      offset: sizes.offset,
      compressedSize: sizes.compressedSize,
      compressionMethod: 0,
      encrypted: false,
      rawFilename,
      rawExtraField,
    });
    at = next;
  }
  return entries;
}

/**
 * The compressed size and local header offset, taking the Zip64 field's values for those the
 * record marks 0xFFFFFFFF (in the field's order: uncompressed, compressed, offset). Undefined when
 * the field is missing or short, or the entry carries an Info-ZIP Unicode path.
 */
function zip64Sizes(extra: Uint8Array, compressedSize: number, offset: number, uncompressedSize: number) {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  let field: DataView | undefined;
  for (let at = 0; at + 4 <= extra.length; ) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === UNICODE_PATH_FIELD) return undefined;
    if (type === ZIP64_FIELD) field = new DataView(extra.buffer, extra.byteOffset + at + 4, Math.min(length, extra.length - at - 4));
    at += 4 + length;
  }
  if (uncompressedSize !== MAX_32 && compressedSize !== MAX_32 && offset !== MAX_32) return { compressedSize, offset };
  if (!field) return undefined;
  let at = 0;
  const take = (value: number) => {
    if (value !== MAX_32) return value;
    at += 8;
    return at <= field!.byteLength ? u64(field!, at - 8) : Number.NaN;
  };
  take(uncompressedSize);
  const sizes = { compressedSize: take(compressedSize), offset: take(offset) };
  return Number.isNaN(sizes.compressedSize) || Number.isNaN(sizes.offset) ? undefined : sizes;
}
