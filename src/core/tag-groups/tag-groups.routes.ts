import { route } from '../http/router';
import {
  addTagsInput,
  createTagGroupInput,
  removeTagGroupInput,
  removeTagsInput,
  tagGroupPageInput,
  updateTagGroupInput,
} from './tag-groups.schema';
import { addTagsToGroup, createTagGroup, getTagGroups, removeTagGroup, removeTagsFromGroup, updateTagGroup } from './tag-groups.service';

export const tagGroupRoutes = [
  route('GET', '/tagGroup/get', tagGroupPageInput, getTagGroups),
  route('POST', '/tagGroup/create', createTagGroupInput, createTagGroup, { writes: true }),
  route('POST', '/tagGroup/update', updateTagGroupInput, updateTagGroup, { writes: true }),
  route('POST', '/tagGroup/remove', removeTagGroupInput, removeTagGroup, { writes: true }),
  route('POST', '/tagGroup/addTags', addTagsInput, addTagsToGroup, { writes: true }),
  route('POST', '/tagGroup/removeTags', removeTagsInput, removeTagsFromGroup, { writes: true }),
];
