import { route } from '../http/router';
import { createFolderInput, getFoldersInput, openFolderInput, updateFolderInput } from './folders.schema';
import { createFolder, getFolders, openFolder, updateFolder } from './folders.service';

export const folderRoutes = [
  route('GET', '/folder/get', getFoldersInput, getFolders),
  route('POST', '/folder/get', getFoldersInput, getFolders),
  route('POST', '/folder/create', createFolderInput, createFolder),
  route('POST', '/folder/update', updateFolderInput, updateFolder),
  route('POST', '/folder/open', openFolderInput, openFolder),
];
