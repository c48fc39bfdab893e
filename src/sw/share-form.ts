/**
 * What a share sheet posted (the manifest's share_target form: title, text, url, files) as one
 * item/add batch. Files become items; with no file, the link becomes a bookmark. The shared page is
 * each item's `website`, the title its name, the text its annotation. Android puts a shared page's
 * link in `text` and sends no `url`: the first link in the text is then the page. Anything the app
 * does not take refuses the whole share, so that nothing of it is kept.
 */
import { invalid } from '../core/http/errors';
import { SHARE_FIELDS, SHARED_FILE_KINDS, sharedFileType } from '../core/shared/share-target';

const LINK = /\bhttps?:\/\/[^\s<>"'`]+/i;
// Punctuation that ends a sentence rather than the link ("see https://x.org/a.").
const TRAILING = /[.,;:!?»”’]$/;
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * The link without the sentence's punctuation after it. A closing bracket goes only when the link
 * opens fewer than it closes: "(see https://x.org/a)" loses it, ".../wiki/Mercury_(planet)" keeps it.
 */
function trimLink(link: string): string {
  const count = (text: string, char: string) => text.split(char).length - 1;
  for (;;) {
    const last = link.at(-1) ?? '';
    const opener = OPENER[last];
    if (TRAILING.test(last) || (opener !== undefined && count(link, last) > count(link, opener))) link = link.slice(0, -1);
    else return link;
  }
}

export interface SharedItem {
  name?: string;
  annotation?: string;
  website?: string;
  base64?: string;
  bookmarkURL?: string;
}

const textOf = (form: FormData, field: string) => {
  const value = form.get(field);
  return typeof value === 'string' ? value.trim() : '';
};

const isWebLink = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** The shared page and what is left of the text once a link taken from it is out. */
function pageAndNote(form: FormData): { page: string; note: string } {
  const url = textOf(form, SHARE_FIELDS.url);
  const text = textOf(form, SHARE_FIELDS.text);
  if (url) {
    if (!isWebLink(url)) throw invalid(`url: "${url}" is not a web address (http or https).`);
    return { page: url, note: text };
  }
  const link = LINK.exec(text)?.[0];
  const found = link && trimLink(link);
  if (!found || !isWebLink(found)) return { page: '', note: text };
  return { page: found, note: text.replace(found, '').replace(/\s+/g, ' ').trim() };
}

export async function sharedItems(form: FormData): Promise<SharedItem[]> {
  const files = form.getAll(SHARE_FIELDS.files).filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0);
  const refused = files.find((file) => !sharedFileType(file));
  if (refused) throw invalid(`files: "${refused.name}" (${refused.type || 'unknown type'}) cannot be kept: the library takes ${SHARED_FILE_KINDS}. Nothing of this share was added.`);
  const title = textOf(form, SHARE_FIELDS.title);
  const { page, note } = pageAndNote(form);
  const facts = { ...(note ? { annotation: note } : {}), ...(page ? { website: page } : {}) };
  if (files.length === 0) {
    if (!page) throw invalid('url: the share held no file and no link, so there was nothing to add.');
    return [{ bookmarkURL: page, ...(title ? { name: title } : {}), ...facts }];
  }
  return Promise.all(
    files.map(async (file) => ({
      name: files.length === 1 && title ? title : baseName(file.name),
      base64: `data:${sharedFileType(file)};base64,${base64Of(new Uint8Array(await file.arrayBuffer()))}`,
      ...facts,
    })),
  );
}

const baseName = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName) || 'Shared file';
};

/** Bytes as Base64, a slice at a time (a spread of a whole video would overflow the stack). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
