/**
 * Generic thumbnails for items without one of their own (bookmarks, files the browser cannot
 * decode, items marked noThumbnail): an SVG page per kind of file, labelled with the extension.
 * Vector text needs no decoding, so any context (node, service worker) can answer it. Items showing
 * one point their thumbnailURL at `item/icon`, one URL per icon: a page then parses each SVG once,
 * not once per item (a grid of bookmarks spent ~280 ms a scroll step parsing its per-item SVGs).
 */
import type { ItemRow } from '../storage/rows';



export const FAMILIES = ['bookmark', 'image', 'video', 'audio', 'document', 'archive', 'font', 'code', 'other'] as const;
export type FileFamily = (typeof FAMILIES)[number];

const COLOURS: Record<FileFamily, string> = {
  bookmark: '#2f6fdb',
  image: '#8e44ad',
  video: '#d64541',
  audio: '#e67e22',
  document: '#4a6fa5',
  archive: '#a07b3b',
  font: '#2e9e6b',
  code: '#16808a',
  other: '#7f8c8d',
};

const EXTS: ReadonlyArray<[FileFamily, readonly string[]]> = [
  ['bookmark', ['url', 'webloc']],
  ['archive', ['zip', 'rar', '7z', 'tar', 'gz', 'bz2', 'xz']],
  ['document', ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'rtf', 'txt', 'md', 'csv', 'epub']],
  ['code', ['html', 'htm', 'css', 'js', 'ts', 'json', 'xml', 'py', 'sh']],
  ['font', ['ttf', 'otf', 'woff', 'woff2']],
];

export function familyOf(row: Pick<ItemRow, 'ext' | 'mime'>): FileFamily {
  const ext = row.ext.toLowerCase();
  const found = EXTS.find(([, exts]) => exts.includes(ext));
  if (found) return found[0];
  const top = row.mime.split('/')[0];
  if (top === 'image' || top === 'video' || top === 'audio' || top === 'font') return top;
  if (top === 'text') return 'document';
  return 'other';
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What an item's generic icon shows: its family's colour and a label of up to 5 characters. */
export interface GenericIcon {
  family: FileFamily;
  label: string;
}

export function genericIconOf(row: Pick<ItemRow, 'ext' | 'mime'>): GenericIcon {
  const family = familyOf(row);
  return { family, label: (family === 'bookmark' ? 'LINK' : row.ext || family).toUpperCase().slice(0, 5) };
}

/** True when the item's thumbnail is its generic icon (no picture of its own, nor one on the way). */
export function showsGenericIcon(row: Pick<ItemRow, 'noThumbnail' | 'thumbnail'>): boolean {
  return row.noThumbnail || row.thumbnail === 'none';
}

/** The path (under the API prefix) that serves this icon: one URL per icon, shared by every item showing it. */
export function genericIconPath({ family, label }: GenericIcon): string {
  return `/item/icon?family=${family}&label=${encodeURIComponent(label)}`;
}

/** The icon as SVG text (400x400, the size of generated thumbnails). */
export function genericIconSvg(row: Pick<ItemRow, 'ext' | 'mime'>): string {
  return iconSvg(genericIconOf(row));
}

export function iconSvg({ family, label: text }: GenericIcon): string {
  const colour = COLOURS[family];
  const label = escapeXml(text);
  const size = text.length > 3 ? 54 : 68;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="#f4f5f7"/>
<path d="M110 60h130l70 70v210a10 10 0 0 1-10 10H110a10 10 0 0 1-10-10V70a10 10 0 0 1 10-10z" fill="#fff" stroke="#d5d8dd" stroke-width="4"/>
<path d="M240 60v60a10 10 0 0 0 10 10h60" fill="#eceef1" stroke="#d5d8dd" stroke-width="4"/>
<rect x="80" y="220" width="190" height="84" rx="10" fill="${colour}"/>
<text x="175" y="262" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text>
</svg>`;
}
