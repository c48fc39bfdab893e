/**
 * What a share sheet posted (the manifest's share_target form: title, text, url, files) as one
 * request: its files as item/addFiles's parts; with no file, the link as a bookmark (item/add).
 * The shared page is each item's `website`, the title its name, the text its annotation. Android
 * puts a shared page's link in `text` and sends no `url`: the first link in the text is then the
 * page. Anything the app does not take refuses the whole share, so that nothing of it is kept.
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

/** What a share becomes: a bookmark through item/add, or its files through item/addFiles. */
export type SharedRequest =
  | { route: '/item/add'; items: SharedBookmark[] }
  | { route: '/item/addFiles'; fields: Record<string, string>; files: File[] };

export interface SharedBookmark {
  bookmarkURL: string;
  name?: string;
  annotation?: string;
  website?: string;
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

export function sharedRequest(form: FormData): SharedRequest {
  const files = form.getAll(SHARE_FIELDS.files).filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0);
  const refused = files.find((file) => !sharedFileType(file));
  if (refused) throw invalid(`files: "${refused.name}" (${refused.type || 'unknown type'}) cannot be kept: the library takes ${SHARED_FILE_KINDS}. Nothing of this share was added.`);
  const title = textOf(form, SHARE_FIELDS.title);
  const { page, note } = pageAndNote(form);
  const facts = { ...(note ? { annotation: note } : {}), ...(page ? { website: page } : {}) };
  if (files.length === 0) {
    if (!page) throw invalid('url: the share held no file and no link, so there was nothing to add.');
    return { route: '/item/add', items: [{ bookmarkURL: page, ...(title ? { name: title } : {}), ...facts }] };
  }
  // Each file stays the Blob it came as (its type made one the library reads); item/addFiles names
  // each item after its file, or after the title when it is the only one.
  return {
    route: '/item/addFiles',
    fields: { ...(files.length === 1 && title ? { name: title } : {}), ...facts },
    files: files.map((file) => {
      const type = sharedFileType(file)!;
      return file.type === type ? file : new File([file], file.name, { type });
    }),
  };
}
