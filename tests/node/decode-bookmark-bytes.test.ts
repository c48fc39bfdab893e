// A bookmark file's bytes to text: a BOM, then a declared charset, then UTF-8.
import { describe, expect, it } from 'vitest';
import { CHARSET_SCAN_BYTES, decodeBookmarkBytes } from '../../src/shared/decode-bookmark-bytes';
import { bookmarksDeclaring, utf16, windows1252 } from './fixtures/bookmark-encodings';

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

describe('decodeBookmarkBytes', () => {
  it('reads the code page a META http-equiv names', () => {
    const text = decodeBookmarkBytes(windows1252(bookmarksDeclaring('windows-1252')));
    expect(text).toContain('>Caf\u00e9</A>');
    expect(text).toContain('Cr\u00e8me br\u00fbl\u00e9e');
  });

  it('reads the charset of an HTML5 <meta charset>, quoted or not', () => {
    const japanese = new Uint8Array([0x93, 0xfa, 0x96, 0x7b]); // 日本 in Shift_JIS
    expect(decodeBookmarkBytes(concat(utf8('<meta charset="Shift_JIS"><a>'), japanese))).toBe('<meta charset="Shift_JIS"><a>\u65e5\u672c');
    expect(decodeBookmarkBytes(concat(utf8('<META CHARSET=shift_jis>'), japanese))).toBe('<META CHARSET=shift_jis>\u65e5\u672c');
  });

  it('takes a BOM over any META, and leaves the BOM out of the text', () => {
    const html = bookmarksDeclaring('windows-1252');
    expect(decodeBookmarkBytes(utf16(html, 'le'))).toBe(html);
    expect(decodeBookmarkBytes(utf16(html, 'be'))).toBe(html);
    expect(decodeBookmarkBytes(concat(new Uint8Array([0xef, 0xbb, 0xbf]), utf8(html)))).toBe(html);
  });

  it('reads UTF-8 when nothing is declared, the label is unknown, or the META is past the scanned head', () => {
    expect(decodeBookmarkBytes(utf8('<!DOCTYPE NETSCAPE-Bookmark-file-1><A>Caf\u00e9 \u{1F600}</A>'))).toBe('<!DOCTYPE NETSCAPE-Bookmark-file-1><A>Caf\u00e9 \u{1F600}</A>');
    expect(decodeBookmarkBytes(utf8('<meta charset="no-such-charset">Caf\u00e9'))).toBe('<meta charset="no-such-charset">Caf\u00e9');
    const late = `${' '.repeat(CHARSET_SCAN_BYTES)}<meta charset="windows-1252">Caf\u00e9`;
    expect(decodeBookmarkBytes(utf8(late))).toBe(late);
  });

  it('reads a META that claims UTF-16 as UTF-8: its own bytes were ASCII', () => {
    expect(decodeBookmarkBytes(utf8('<meta charset="UTF-16">Caf\u00e9'))).toBe('<meta charset="UTF-16">Caf\u00e9');
  });
});
