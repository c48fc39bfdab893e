import { route } from '../http/router';
import { removeFolders } from './folder-remove.service';
import { createFolderInput, removeFoldersInput, getFoldersInput, openFolderInput, updateFolderInput } from './folders.schema';
import { createFolder, getFolders, openFolder, updateFolder } from './folders.service';

export const folderRoutes = [
  route('GET', '/folder/get', getFoldersInput, getFolders),
  route('POST', '/folder/get', getFoldersInput, getFolders),
  route('POST', '/folder/create', createFolderInput, createFolder),
  route('POST', '/folder/update', updateFolderInput, updateFolder),
  route('POST', '/folder/open', openFolderInput, openFolder),
  route('POST', '/folder/remove', removeFoldersInput, removeFolders),
];
