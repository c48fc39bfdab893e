/**
 * The Netscape bookmark file (Chrome, Firefox, Safari, Edge, Raindrop, Pinboard): `<DT><H3>` opens a
 * folder whose `<DL>` follows, `<DT><A HREF ADD_DATE TAGS>` is a bookmark, and a `<DD>` after either
 * is its description. Folders nest as the lists do.
 */
import { htmlTokens, type HtmlToken } from './html-tokens';
import { timeOf, type ImportPlan, type PlannedItem } from './import-plan';

export const NETSCAPE_DOCTYPE = /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1\s*>/i;

/** Schemes an item's URL may have (item/add's bookmarkURL takes the same). */
const SCHEMES = /^(https?|ftp|file):/i;

export function bookmarksPlan(html: string): ImportPlan {
  const plan: ImportPlan = { folders: [], items: [], skipped: [] };
  /** The folder of each open list (null: a list outside any folder). */
  const lists: (string | null)[] = [];
  let pendingFolder: string | null = null;
  /** Where a `<DD>` description goes: the last bookmark or folder. */
  let describes: { annotation: string } | { description: string } | undefined;
  let reading: { tag: 'A' | 'H3' | 'DD'; text: string; attrs: Record<string, string> } | undefined;
  const folderOfList = () => [...lists].reverse().find((key) => key !== null) ?? null;

  const finish = () => {
    if (!reading) return;
    const { tag, text, attrs } = reading;
    reading = undefined;
    const title = text.replace(/\s+/g, ' ').trim();
    if (tag === 'H3') {
      const key = String(plan.folders.length);
      const folder = { key, name: title || 'Untitled folder', description: '', parentKey: folderOfList() };
      plan.folders.push(folder);
      pendingFolder = key;
      describes = folder;
    } else if (tag === 'A') {
      const href = (attrs.HREF ?? '').trim();
      if (!SCHEMES.test(href)) {
        plan.skipped.push({ name: title || href, reason: href ? `its address is not a web address (${href.slice(0, 60)})` : 'it has no address' });
        describes = undefined;
        return;
      }
      const folder = folderOfList();
      const item: PlannedItem = {
        name: title || href,
        url: href,
        annotation: '',
        tags: [...new Set((attrs.TAGS ?? '').split(',').map((tag) => tag.trim()).filter(Boolean))],
        folderKeys: folder === null ? [] : [folder],
        time: timeOf(attrs.ADD_DATE),
      };
      plan.items.push(item);
      describes = item;
    } else if (describes) {
      const description = text.trim();
      if ('annotation' in describes) describes.annotation = description;
      else describes.description = description;
      describes = undefined;
    }
  };

  for (const token of htmlTokens(html)) step(token);
  finish();
  return plan;

  function step(token: HtmlToken): void {
    if (token.type === 'text') {
      if (reading) reading.text += token.text;
      return;
    }
    // A `<DD>`'s text runs until the next tag that is not inline markup.
    if (reading?.tag === 'DD' && token.type === 'open' && !['DT', 'DL', 'DD', 'H3', 'A', 'P', 'HR'].includes(token.name)) return;
    if (token.type === 'close' && reading && token.name === reading.tag) return finish();
    if (token.type === 'close' && token.name === 'DL') {
      finish();
      lists.pop();
      return;
    }
    if (token.type !== 'open') return;
    if (token.name === 'DL') {
      finish();
      lists.push(pendingFolder);
      pendingFolder = null;
    } else if (token.name === 'A' || token.name === 'H3' || token.name === 'DD') {
      finish();
      reading = { tag: token.name, text: '', attrs: token.attrs };
    } else if (token.name === 'DT') {
      finish();
      describes = undefined;
      // A folder with no list of its own (some exporters write empty ones so) takes no later list.
      pendingFolder = null;
    }
  }
}
