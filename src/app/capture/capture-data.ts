/**
 * What the bookmarklet hands over (./bookmarklet.ts), read back from the capture page's fragment,
 * and the item/add entries a person's choice makes of it. The fragment is anyone's to write, so it
 * is checked field by field: what does not fit is dropped, never trusted.
 */
import { cutText } from '../../shared/cut-text';
import { imageNameAndNote } from '../import/image-fields';

export interface CapturedImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface CaptureData {
  url: string;
  title: string;
  selection: string;
  images: CapturedImage[];
}

// A cut never leaves half an emoji; the same cut drops one an older bookmarklet left at the end.
const text = (value: unknown, max: number) => (typeof value === 'string' ? cutText(value, max) : '');
const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The capture in a URL fragment ("#%7B...%7D"), or undefined when there is none or it is unreadable. */
export function parseCapture(hash: string): CaptureData | undefined {
  const raw = hash.replace(/^#/, '');
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const url = webUrl(record.url);
  if (!url) return undefined;
  const seen = new Set<string>();
  const images = (Array.isArray(record.images) ? record.images : []).flatMap((entry): CapturedImage[] => {
    const image = (entry ?? {}) as Record<string, unknown>;
    const src = webUrl(image.url);
    if (!src || seen.has(src)) return [];
    seen.add(src);
    return [{ url: src, width: size(image.width), height: size(image.height), alt: text(image.alt, 500).trim() }];
  });
  return { url, title: text(record.title, 500).trim(), selection: text(record.selection, 5000).trim(), images };
}

export interface CaptureChoice {
  /** URLs of the images to keep. */
  images: readonly string[];
  /** Keep the page itself as a bookmark. */
  page: boolean;
  folderId: string | null;
  tags: readonly string[];
}

/** One item/add body per chosen thing, in the page's order, the page's bookmark first. */
export function captureItems(data: CaptureData, choice: CaptureChoice): Record<string, unknown>[] {
  const common = {
    website: data.url,
    ...(choice.tags.length ? { tags: [...choice.tags] } : {}),
    ...(choice.folderId ? { folders: [choice.folderId] } : {}),
  };
  const wanted = new Set(choice.images);
  const page = choice.page
    ? [{ bookmarkURL: data.url, ...(data.title ? { name: data.title } : {}), ...(data.selection ? { annotation: data.selection } : {}), ...common }]
    : [];
  const images = data.images.filter((image) => wanted.has(image.url)).map((image) => ({ url: image.url, ...imageNameAndNote(image.url, image.alt), ...common }));
  return [...page, ...images];
}

/** "a, b,  c" → ["a", "b", "c"]. */
export const tagsFromText = (value: string): string[] => [...new Set(value.split(',').map((tag) => tag.trim()).filter(Boolean))];
