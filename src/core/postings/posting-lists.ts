/**
 * The names of the posting lists (docs/decisions/posting-lists.md). Every item is on `all`, on one
 * list per tag, folder and facet it has, and on its ext and star lists; the search index adds one
 * list per term. A name is its kind, a colon, then the value, so the lists of one kind are a range.
 */
import type { ItemRow } from '../storage/rows';

export const ALL_ITEMS_LIST = 'all';
export const tagList = (name: string) => `tag:${name}`;
export const folderList = (id: string) => `folder:${id}`;
export const extList = (ext: string) => `ext:${ext}`;
export const starList = (star: number) => `star:${star}`;
export const facetList = (facet: string) => `facet:${facet}`;
export const termList = (term: string) => `term:${term}`;

/** The lists an item row is on (its terms aside: the search index adds those). */
export function itemLists(row: Pick<ItemRow, 'tags' | 'folders' | 'ext' | 'star' | 'facets'>): string[] {
  return [
    ALL_ITEMS_LIST,
    ...row.tags.map(tagList),
    ...row.folders.map(folderList),
    extList(row.ext),
    starList(row.star),
    ...row.facets.map(facetList),
  ];
}
