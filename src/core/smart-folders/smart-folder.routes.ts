import { route } from '../http/router';
import { ruleSchema } from './rule-catalogue';
import { countInput, countSmartFolderMatches } from './smart-folder-count';
import { noInput } from '../http/no-input';
import { createInput, getInput, getItemsInput, removeInput, updateInput } from './smart-folder.schema';
import { createSmartFolder, getSmartFolders, removeSmartFolder, smartFolderItems, updateSmartFolder } from './smart-folder.service';

export const smartFolderRoutes = [
  route('GET', '/smartFolder/get', getInput, getSmartFolders),
  route('POST', '/smartFolder/get', getInput, getSmartFolders),
  route('POST', '/smartFolder/create', createInput, createSmartFolder),
  route('POST', '/smartFolder/update', updateInput, updateSmartFolder),
  route('POST', '/smartFolder/remove', removeInput, (ctx, input) => removeSmartFolder(ctx, input.id)),
  route('GET', '/smartFolder/getItems', getItemsInput, smartFolderItems),
  route('POST', '/smartFolder/getItems', getItemsInput, smartFolderItems),
  route('POST', '/smartFolder/count', countInput, countSmartFolderMatches),
  route('GET', '/smartFolder/getRules', noInput, async () => ruleSchema()),
];
