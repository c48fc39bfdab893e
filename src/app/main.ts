/** The web app's entry: registers the service worker, then shows the current library. */
import { ApiClient, ApiClientError } from './api-client';
import { startMediaHost } from './media/media-host';
import { startStorageStatus } from './pwa/storage-status';
import { startUpdatePrompt } from './pwa/update-prompt';
import { ensureServiceWorker } from './register-sw';

const api = new ApiClient();

function show(id: string, text: string): void {
  const element = document.getElementById(id);
  if (element) element.textContent = text;
}

function setStatus(state: 'starting' | 'ready' | 'error', text: string): void {
  const element = document.getElementById('api-status');
  if (!element) return;
  element.dataset.state = state;
  element.textContent = text;
}

async function refresh(): Promise<void> {
  const info = await api.get<{ name: string; path: string }>('/library/info');
  show('library-name', info.name);
  show('library-path', info.path);
  document.title = `${info.name} · Offline Asset Library`;
  try {
    show('item-count', String(await api.get<number>('/item/countAll')));
  } catch (error) {
    show('item-count', error instanceof ApiClientError ? error.body.message : String(error));
  }
}

async function start(): Promise<void> {
  try {
    const { claimed, registration } = await ensureServiceWorker();
    document.documentElement.dataset.claimed = String(claimed);
    startUpdatePrompt(registration);
    startStorageStatus(document.querySelector<HTMLElement>('.bar') ?? undefined);
    // Thumbnails are made in this page's worker while it is open (the service worker falls back to itself).
    startMediaHost();
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ source?: string; type?: string }>) => {
      if (event.data?.source === 'offline-asset-library' && event.data.type?.startsWith('library-')) void refresh();
    });
    await refresh();
    setStatus('ready', 'API ready');
  } catch (error) {
    setStatus('error', `API not available: ${error instanceof Error ? error.message : String(error)}`);
  }
}

void start();
