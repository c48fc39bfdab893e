import { route } from '../http/router';
import { ruleSchema } from './rule-catalogue';
import { countInput, countSmartFolderMatches } from './smart-folder-count';
import { noInput } from '../http/no-input';
import { createInput, getInput, getItemsInput, removeInput, updateInput } from './smart-folder.schema';
import { createSmartFolder, getSmartFolders, removeSmartFolder, smartFolderItems, updateSmartFolder } from './smart-folder.service';

export const smartFolderRoutes = [
  route('GET', '/smartFolder/get', getInput, getSmartFolders),
  route('POST', '/smartFolder/get', getInput, getSmartFolders, { writes: false }),
  route('POST', '/smartFolder/create', createInput, createSmartFolder, { writes: true }),
  route('POST', '/smartFolder/update', updateInput, updateSmartFolder, { writes: true }),
  route('POST', '/smartFolder/remove', removeInput, (ctx, input) => removeSmartFolder(ctx, input.id), { writes: true }),
  route('GET', '/smartFolder/getItems', getItemsInput, smartFolderItems),
  route('POST', '/smartFolder/getItems', getItemsInput, smartFolderItems, { writes: false }),
  route('POST', '/smartFolder/count', countInput, countSmartFolderMatches, { writes: false }),
  route('GET', '/smartFolder/getRules', noInput, async () => ruleSchema()),
];
