import { route } from '../http/router';
import { getTagsInput, mergeTagsInput, tagPageInput, updateTagInput } from './tags.schema';
import { getTags, mergeTags, recentTags, starredTags, updateTag } from './tags.service';

export const tagRoutes = [
  route('GET', '/tag/get', getTagsInput, getTags),
  route('POST', '/tag/get', getTagsInput, getTags, { writes: false }),
  route('GET', '/tag/getRecentTags', tagPageInput, recentTags),
  route('GET', '/tag/getStarredTags', tagPageInput, starredTags),
  route('POST', '/tag/update', updateTagInput, updateTag, { writes: true }),
  route('POST', '/tag/merge', mergeTagsInput, mergeTags, { writes: true }),
];
