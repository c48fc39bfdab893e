/**
 * The browsable API reference: Swagger UI's prebuilt bundle and stylesheet (swagger-ui-dist, one
 * script and one CSS file, served from our own build and cached on first use, src/sw/lazy-assets.ts)
 * reading the OpenAPI document the service worker serves. No validator badge, no URL bar to load
 * other documents, and "Try it out" sends to the document's only server, this site's worker.
 */
import swaggerScript from 'swagger-ui-dist/swagger-ui-bundle.js?url';
import swaggerStyles from 'swagger-ui-dist/swagger-ui.css?url';
import { apiUrl } from '../api-client';
import { ensureServiceWorker } from '../register-sw';

interface SwaggerGlobal {
  (configuration: Record<string, unknown>): unknown;
  presets: { apis: unknown };
}

function load(element: HTMLScriptElement | HTMLLinkElement, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    element.onload = () => resolve();
    element.onerror = () => reject(new Error(`The API reference's ${what} did not load.`));
    document.head.append(element);
  });
}

function loadScript(src: string): Promise<void> {
  const script = document.createElement('script');
  script.src = src;
  return load(script, 'script');
}

function loadStyles(href: string): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  return load(link, 'stylesheet');
}

/**
 * On a phone, Swagger UI keeps its answers in a three-column table: an answer's schema got the
 * description column's 140 px and was cut off. There, each answer's cells stack at full width.
 * A constructed sheet, as the app's own styles: the site's CSP allows no inline style.
 */
function narrowScreenStyles(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`@media (max-width: 640px) {
    #api-reference .responses-table, #api-reference .responses-table tbody,
    #api-reference .responses-table tr.response, #api-reference .responses-table td { display: block; width: auto; max-width: none; }
    #api-reference .responses-table thead { display: none; }
    #api-reference .responses-table td.response-col_status { font-weight: 700; padding-bottom: 0; }
    #api-reference .model-example, #api-reference .highlight-code { max-width: 100%; overflow-x: auto; }
  }`);
  return sheet;
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
    await Promise.all([loadStyles(swaggerStyles), loadScript(swaggerScript)]);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, narrowScreenStyles()];
    const holder = document.createElement('main');
    holder.id = 'api-reference';
    holder.setAttribute('aria-label', 'API reference');
    body.append(holder);
    const SwaggerUIBundle = (window as unknown as { SwaggerUIBundle: SwaggerGlobal }).SwaggerUIBundle;
    SwaggerUIBundle({
      domNode: holder,
      url: apiUrl('/openapi.json'),
      // BaseLayout, not the standalone preset: that one adds a URL bar that loads any document.
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      // The default validator is a badge image from validator.swagger.io.
      validatorUrl: null,
      // Each route's schemas are shown with it; the model list would repeat them.
      defaultModelsExpandDepth: -1,
      // Its links write `#/tag/operation` against the document's <base>, which turns /api-docs into the app.
      deepLinking: false,
      filter: true,
    });
    status.remove();
  } catch (error) {
    status.textContent = `The API reference could not load: ${error instanceof Error ? error.message : String(error)}`;
  }
}
