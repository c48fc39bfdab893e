/**
 * File extensions and MIME types for files whose bytes say nothing (text, documents, ...). Both
 * tables are Maps: extensions and MIME types come from clients ("data:constructor;base64,..."),
 * and a plain object would answer such names with what every object inherits.
 */

const BY_EXT = new Map<string, string>(Object.entries({
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  avif: 'image/avif', bmp: 'image/bmp', ico: 'image/x-icon', svg: 'image/svg+xml', heic: 'image/heic',
  tif: 'image/tiff', tiff: 'image/tiff', psd: 'image/vnd.adobe.photoshop',
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', avi: 'video/x-msvideo', mkv: 'video/x-matroska',
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac', m4a: 'audio/mp4', aac: 'audio/aac',
  ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff', woff2: 'font/woff2',
  pdf: 'application/pdf', zip: 'application/zip', json: 'application/json',
  txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', html: 'text/html', htm: 'text/html', css: 'text/css', js: 'text/javascript',
  url: 'text/uri-list',
}));

const EXT_BY_MIME = new Map<string, string>([...BY_EXT].reverse().map(([ext, mime]) => [mime, ext]));
EXT_BY_MIME.set('image/jpeg', 'jpg');
EXT_BY_MIME.set('image/vnd.microsoft.icon', 'ico');

export function mimeForExt(ext: string): string {
  return BY_EXT.get(ext.toLowerCase()) ?? 'application/octet-stream';
}

export function extForMime(mime: string): string {
  return EXT_BY_MIME.get(mime.split(';')[0]!.trim().toLowerCase()) ?? '';
}

/** Splits "photo.final.JPG" into name "photo.final" and ext "jpg"; no dot, no ext. */
export function splitFileName(fileName: string): { name: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return { name: fileName, ext: '' };
  const ext = fileName.slice(dot + 1);
  return /^[a-z0-9]{1,8}$/i.test(ext) ? { name: fileName.slice(0, dot), ext: ext.toLowerCase() } : { name: fileName, ext: '' };
}
