/**
 * The text of a bookmark file's bytes. Browsers wrote these files in the system's code page for
 * years (windows-1252, Shift_JIS) and say so in a `<META ... charset=...>`; some write UTF-16 with
 * a BOM. Read as UTF-8, the first lose every accented letter and the second is not recognised at
 * all. Pure, no storage: the worker reads a whole file with it, the app a file's head.
 */

/** How far the charset is looked for: browsers put the META in the first lines. */
export const CHARSET_SCAN_BYTES = 4096;

/** `<meta charset="x">` and `<meta http-equiv="Content-Type" content="text/html; charset=x">` alike. */
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"';>/]+)/i;

function bomLabel(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function metaLabel(bytes: Uint8Array): string | undefined {
  // Latin-1 maps each byte to one character, so the ASCII markup reads right whatever the charset.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, CHARSET_SCAN_BYTES));
  const label = META_CHARSET.exec(head)?.[1]?.toLowerCase();
  // A META readable as ASCII is not in UTF-16, whatever it claims (the HTML spec reads UTF-8 then).
  return label?.startsWith('utf-16') ? 'utf-8' : label;
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    // An unknown label (a typo, a charset no browser knows): UTF-8, the default of every exporter.
    return new TextDecoder();
  }
}

/** A BOM wins, then a declared charset, then UTF-8. The BOM itself is not part of the text. */
export function decodeBookmarkBytes(bytes: Uint8Array): string {
  return decoderFor(bomLabel(bytes) ?? metaLabel(bytes) ?? 'utf-8').decode(bytes);
}
