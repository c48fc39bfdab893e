/** The tag manager's calls: every tag (paged through tag/get) and every tag group. */
import type { ApiClient } from '../api-client';
import type { Tag, TagGroup } from './tag-list';

const PAGE = 1000;

interface Page<T> { data: T[]; total: number }

async function everyPage<T>(read: (offset: number) => Promise<Page<T>>): Promise<T[]> {
  const first = await read(0);
  const rest = [];
  for (let offset = PAGE; offset < first.total; offset += PAGE) rest.push(read(offset));
  return [first, ...(await Promise.all(rest))].flatMap((page) => page.data);
}

export const loadTags = (api: ApiClient): Promise<Tag[]> => everyPage((offset) => api.get('/tag/get', { offset, limit: PAGE }));
export const loadTagGroups = (api: ApiClient): Promise<TagGroup[]> => everyPage((offset) => api.get('/tagGroup/get', { offset, limit: PAGE }));
