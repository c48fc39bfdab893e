/**
 * File type names for the `type` rule: an extension (`jpg`) or a category (`image`). A category is
 * a list of extensions, so a `type` rule is always an `ext` index lookup.
 */

export const TYPE_CATEGORIES = {
  image: ['jpg', 'jpeg', 'jfif', 'png', 'apng', 'gif', 'webp', 'avif', 'bmp', 'ico', 'svg', 'heic', 'heif', 'tif', 'tiff', 'psd', 'raw', 'dng', 'cr2', 'cr3', 'nef', 'arw', 'orf', 'rw2', 'tga', 'exr', 'hdr'],
  video: ['mp4', 'm4v', 'mov', 'webm', 'avi', 'mkv', 'wmv', 'flv', 'mpg', 'mpeg', '3gp', 'ogv', 'ts'],
  audio: ['mp3', 'wav', 'ogg', 'oga', 'flac', 'm4a', 'aac', 'wma', 'aif', 'aiff', 'opus', 'mid', 'midi'],
  font: ['ttf', 'otf', 'woff', 'woff2', 'eot', 'ttc'],
  document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'md', 'csv', 'epub', 'key', 'pages', 'numbers', 'html', 'htm'],
  design: ['psd', 'psb', 'ai', 'eps', 'sketch', 'fig', 'xd', 'afdesign', 'afphoto', 'afpub', 'indd', 'cdr', 'xcf', 'kra', 'clip', 'procreate'],
  '3d': ['obj', 'fbx', 'stl', 'glb', 'gltf', 'blend', '3ds', 'c4d', 'max', 'dae', 'usdz', 'ply'],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz'],
  code: ['js', 'ts', 'json', 'css', 'xml', 'yaml', 'yml', 'py', 'sh'],
  bookmark: ['url'],
} as const satisfies Record<string, readonly string[]>;

export type TypeCategory = keyof typeof TYPE_CATEGORIES;

export const CATEGORY_NAMES = Object.keys(TYPE_CATEGORIES) as TypeCategory[];

/** Every extension named by a category, in first-seen order (the `type` options of getRules). */
export const KNOWN_EXTENSIONS: readonly string[] = [...new Set(Object.values(TYPE_CATEGORIES).flat())];

/** Extensions are stored lower-case, without the dot; anything of that shape may be in a library. */
export const EXTENSION_PATTERN = /^[a-z0-9]{1,16}$/;

export function isCategory(name: string): name is TypeCategory {
  return Object.hasOwn(TYPE_CATEGORIES, name);
}

/** The extensions a `type` value stands for: the category's list, or the extension itself. */
export function extensionsOf(type: string): readonly string[] {
  return isCategory(type) ? TYPE_CATEGORIES[type] : [type];
}
