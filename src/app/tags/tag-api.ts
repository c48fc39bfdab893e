/** The tag manager's calls: every tag (paged through tag/get) and every tag group. */
import type { ApiClient } from '../api-client';
import type { Tag, TagGroup } from './tag-list';

const PAGE = 1000;

interface Page<T> { data: T[]; total: number }

async function everyPage<T>(api: ApiClient, path: string): Promise<T[]> {
  const first = await api.get<Page<T>>(path, { offset: 0, limit: PAGE });
  const rest = [];
  for (let offset = PAGE; offset < first.total; offset += PAGE) rest.push(api.get<Page<T>>(path, { offset, limit: PAGE }));
  return [first, ...(await Promise.all(rest))].flatMap((page) => page.data);
}

export const loadTags = (api: ApiClient) => everyPage<Tag>(api, '/tag/get');
export const loadTagGroups = (api: ApiClient) => everyPage<TagGroup>(api, '/tagGroup/get');
