/**
 * What the installed app takes from the system: the share sheet's form (share_target) and the
 * files of "Open with" (file_handlers): images, videos and PDFs. The manifest
 * (tools/vite-plugin-web-app.ts) and the service worker's share handler (src/sw/share-target.ts)
 * both read these, so what the system offers and what a share may carry are one fact.
 */

/** The share form's path under the app's scope (relative, so it works at any base path). */
export const SHARE_TARGET_PATH = 'share-target';
/** The form field names the share sheet fills in. */
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'files' } as const;

/** MIME type → the extensions the system matches files by (file_handlers needs both). */
export const SHARED_FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/bmp': ['.bmp'],
  'image/svg+xml': ['.svg'],
  'image/heic': ['.heic'],
  'image/tiff': ['.tif', '.tiff'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'video/quicktime': ['.mov'],
  'application/pdf': ['.pdf'],
};

const BY_EXTENSION = new Map(Object.entries(SHARED_FILE_TYPES).flatMap(([mime, extensions]) => extensions.map((extension) => [extension, mime] as const)));

/**
 * The MIME type a shared file is kept as, or undefined when the app does not take it. A declared
 * type wins; a file with none (or a generic one) is known by its extension.
 */
export function sharedFileType(file: { type: string; name: string }): string | undefined {
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  if (Object.hasOwn(SHARED_FILE_TYPES, declared)) return declared;
  if (declared && declared !== 'application/octet-stream') return undefined;
  const dot = file.name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION.get(file.name.slice(dot).toLowerCase()) : undefined;
}

/** For people: what a share may hold. */
export const SHARED_FILE_KINDS = 'images, videos and PDFs';
