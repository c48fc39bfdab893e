/** The web app's entry: shows the shell, registers the service worker, then loads the library. */
import { startMediaHost } from './media/media-host';
import { ensureServiceWorker } from './register-sw';
import type { AppShell } from './shell/app-shell';
import './shell/panels';
import './shell/app-shell';
import './ui/theme.css';

const shell = document.querySelector<AppShell>('app-shell')!;

async function start(): Promise<void> {
  try {
    // The first API call waits until the worker controls the page (it also recovers a hard reload).
    const { claimed } = await ensureServiceWorker();
    document.documentElement.dataset.claimed = String(claimed);
    // Thumbnails are made in this page's worker while it is open (the service worker falls back to itself).
    startMediaHost();
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ source?: string; type?: string }>) => {
      if (event.data?.source === 'offline-asset-library' && event.data.type?.startsWith('library-')) void shell.stores.loadAll();
    });
    await shell.start();
    shell.apiState = 'ready';
    shell.apiText = 'API ready';
  } catch (error) {
    shell.apiState = 'error';
    shell.apiText = `API not available: ${error instanceof Error ? error.message : String(error)}`;
  }
}

void start();
