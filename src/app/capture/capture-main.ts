/**
 * The capture page's entry (capture.html): reads what the bookmarklet handed over, makes sure the
 * service worker answers the API here too, then lets <capture-page> work. It loads none of the
 * library's shell.
 */
import { ApiClient } from '../api-client';
import { ensureServiceWorker } from '../register-sw';
import { parseCapture } from './capture-data';
import './capture-page';

const page = document.querySelector('capture-page')!;
page.data = parseCapture(location.hash);
// The bookmarklet clicked again on another page reuses this window: only the fragment changes, so
// the page is not loaded again.
window.addEventListener('hashchange', () => (page.data = parseCapture(location.hash)));

async function start(): Promise<void> {
  try {
    await ensureServiceWorker();
    page.api = new ApiClient();
  } catch (error) {
    page.startError = error instanceof Error ? error.message : String(error);
  }
}

void start();
