/**
 * File names an Eagle library may hold on Windows and macOS (library-format.md §7.4): an item's
 * `name` is also its original's base name, so the exporter writes a legal one into both.
 */
const ILLEGAL = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_BYTES = 200;

export function safeFileName(name: string): string {
  let out = name.replace(ILLEGAL, '').replace(/[. ]+$/, '');
  if (RESERVED.test(out)) out = '_';
  const encoder = new TextEncoder();
  while (encoder.encode(out).length > MAX_BYTES) out = [...out].slice(0, -1).join('');
  return out || '_';
}

/** Eagle's temporary and the operating systems' bookkeeping files (§2.7): never content. */
export function isSkippedFile(name: string): boolean {
  return (
    name.startsWith('~$') ||
    /\.(tmp|bk)$/i.test(name) ||
    /^(\.DS_Store|Thumbs\.db|Desktop\.ini)$/i.test(name) ||
    name.startsWith('._') ||
    /conflicted copy|\(Case Conflict\)/i.test(name)
  );
}

/** The original's file name for an item (§3.5). */
export const originalFileName = (name: string, ext: string) => (ext ? `${name}.${ext}` : name);
export const thumbnailFileName = (name: string) => `${name}_thumbnail.png`;

/**
 * The Windows shortcut Eagle stores as a bookmark's original (§3.5). A bookmark whose file is
 * exactly this is stored without a file, like any bookmark here; the export writes it again.
 */
export const bookmarkShortcut = (url: string) => `[InternetShortcut]\nURL=${url}\n     `;
