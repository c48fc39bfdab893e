import { route } from '../http/router';
import { removeFolders } from './folder-remove.service';
import { createFolderInput, removeFoldersInput, getFoldersInput, openFolderInput, updateFolderInput } from './folders.schema';
import { createFolder, getFolders, openFolder, updateFolder } from './folders.service';

export const folderRoutes = [
  route('GET', '/folder/get', getFoldersInput, getFolders),
  route('POST', '/folder/get', getFoldersInput, getFolders, { writes: false }),
  route('POST', '/folder/create', createFolderInput, createFolder, { writes: true }),
  route('POST', '/folder/update', updateFolderInput, updateFolder, { writes: true }),
  route('POST', '/folder/open', openFolderInput, openFolder, { writes: false }),
  route('POST', '/folder/remove', removeFoldersInput, removeFolders, { writes: true }),
];
