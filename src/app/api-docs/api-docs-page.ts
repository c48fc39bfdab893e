/**
 * The browsable API reference: Scalar's prebuilt reference (one script, served from our own build
 * and cached on first use, src/sw/lazy-assets.ts) reading the OpenAPI document the service worker
 * serves. No fonts or proxy from Scalar's servers: everything stays on this origin, offline too.
 */
import scalarScript from '@scalar/api-reference/browser/standalone.js?url';
import { apiUrl } from '../api-client';
import { ensureServiceWorker } from '../register-sw';

interface ScalarGlobal {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): unknown;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`The API reference's script did not load (${src}).`));
    document.head.append(script);
  });
}

export async function showApiDocs(body: HTMLElement): Promise<void> {
  document.title = 'API reference · Offline Asset Library';
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.textContent = 'Loading the API reference…';
  body.append(status);
  try {
    // The document comes from the service worker: wait until it controls this page.
    await ensureServiceWorker();
    await loadScript(scalarScript);
    const holder = document.createElement('main');
    holder.id = 'api-reference';
    body.append(holder);
    (window as unknown as { Scalar: ScalarGlobal }).Scalar.createApiReference(holder, {
      url: apiUrl('/openapi.json'),
      withDefaultFonts: false,
      agent: { disabled: true },
      // Scalar's hosted client, toolbar and deploy buttons lead to its servers; the models are each route's schemas again.
      hideClientButton: true,
      showDeveloperTools: 'never',
      hideModels: true,
      documentDownloadType: 'json',
      metaData: { title: 'API reference · Offline Asset Library' },
    });
    status.remove();
  } catch (error) {
    status.textContent = `The API reference could not load: ${error instanceof Error ? error.message : String(error)}`;
  }
}
