/**
 * What the system asked when it opened the app: a share's result (toast with Undo), a manifest
 * shortcut (Import, Search, Capture screen) and files for "Open with". Called once the library is
 * loaded, so the toast's Undo and the imports have the API ready.
 */
import type { AppHeader } from '../shell/app-header';
import type { AppShell } from '../shell/app-shell';
import type { ImportDock } from '../shell/import-dock';
import { consumeLaunchedFiles } from './launch-files';
import type { LaunchParams } from './launch-params';
import { showShareResult } from './share-result';

export function handleLaunch(shell: AppShell, params: LaunchParams): void {
  void showShareResult(params, shell.stores);
  const dock = () => shell.querySelector<ImportDock>('import-dock');
  if (params.action === 'import') dock()?.show();
  else if (params.action === 'search') shell.querySelector<AppHeader>('app-header')?.focusSearch();
  else if (params.action === 'capture') dock()?.capture();
  consumeLaunchedFiles((roots) => dock()?.importRoots(roots));
}
