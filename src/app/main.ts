/**
 * The web app's entry: shows the shell, registers the service worker, then loads the library. What
 * changes elsewhere (library switched, item/open, folder/open, any edit) reaches the shell through
 * GET /api/v2/events (live/live-updates.ts), not through the worker's postMessage notices.
 */
// First: at /api-docs the library's shell leaves the page before it is defined (./api-docs/api-docs-route.ts).
import { showsApiDocs } from './api-docs/api-docs-route';
import { startMediaHost } from './media/media-host';
import { mediaWorkersAsked } from './media/media-pool';
import { handleLaunch } from './pwa/launch';
import { takeLaunchParams } from './pwa/launch-params';
import { startStorageStatus } from './pwa/storage-status';
import { startUpdatePrompt } from './pwa/update-prompt';
import { ApiClient } from './api-client';
import { ensureServiceWorker } from './register-sw';
import { isVisitorFrame, visitorLibrary } from './visitor-frame';
import { startSyncLoop } from './sync/sync-loop';
import { startBackupLoop } from './backup/backup-loop';
import { wakeOnLocalChanges } from './sync/sync-wake';
import type { AppShell } from './shell/app-shell';
import './shell/panels';
import './shell/app-shell';
import './ui/theme.css';

const shell = document.querySelector<AppShell>('app-shell')!;
// Read before the app's view state rewrites the URL.
const mediaWorkers = mediaWorkersAsked(location.search);
// A share's result or a shortcut's action: read once, then out of the address (a reload shows no toast again).
const launch = takeLaunchParams();

// An embedding page asks for a search (src/embed/element.ts): shown once the library is loaded.
let loaded!: () => void;
const shellStarted = new Promise<void>((resolve) => (loaded = resolve));
addEventListener('asset-library:search', (event) => {
  const query = (event as CustomEvent<{ query?: unknown }>).detail?.query;
  if (typeof query === 'string') void shellStarted.then(() => shell.showSearch(query));
});

async function start(): Promise<void> {
  try {
    // The first API call waits until the worker controls the page (it also recovers a hard reload).
    const { claimed, registration, offlineFiles } = await ensureServiceWorker();
    document.documentElement.dataset.claimed = String(claimed);
    startUpdatePrompt(registration);
    // Said once, when this start fetched the last of them (a first visit, or one the worker left halfway).
    void offlineFiles.then(({ fetched, missing }) => {
      if (fetched > 0 && missing === 0) shell.stores.toasts.show('Ready to work offline');
    });
    await shell.updateComplete;
    // A visitor's frame opens no library until its element names the one it subscribed to (and reloads it).
    if (isVisitorFrame() && !visitorLibrary()) {
      shell.apiText = 'Opening the library…';
      return;
    }
    startStorageStatus(shell.querySelector<HTMLElement>('.status-storage') ?? undefined, shell.querySelector<HTMLElement>('.status-storage-warning') ?? undefined);
    // Thumbnails are made in this page's worker while it is open (the service worker falls back to itself).
    startMediaHost({ workers: mediaWorkers });
    // Sync cycles run while a page is open (src/app/sync/sync-loop.ts).
    startSyncLoop(new ApiClient(), { store: shell.stores.sync, wakeOn: [wakeOnLocalChanges()] });
    await shell.start();
    loaded();
    // Backups to a picked folder run while a page is open (src/app/backup/backup-loop.ts).
    startBackupLoop(shell.stores.backup);
    // Another library is open: its backup folder (or none) is another's.
    let backedUpPath = shell.stores.library.current?.path;
    shell.stores.library.subscribe(() => {
      if (shell.stores.library.current?.path === backedUpPath) return;
      backedUpPath = shell.stores.library.current?.path;
      void shell.stores.backup.backUpNow();
    });
    shell.apiState = 'ready';
    shell.apiText = 'API ready';
    handleLaunch(shell, launch);
  } catch (error) {
    shell.startError = error instanceof Error ? error.message : String(error);
  }
}

if (!showsApiDocs) void start();
