/**
 * Makes the site an installable web app: emits `manifest.webmanifest` with icons and screenshots the
 * project draws itself (tools/app-art.ts), serves them in development, and links them from every
 * page. All URLs are relative, so the same build installs from a site's root or under a base path.
 */
import type { Plugin } from 'vite';
import { BACKGROUND_COLOUR, drawIcon, drawMaskableIcon, drawScreenshot, THEME_COLOUR } from './app-art.ts';
import type { Raster } from './raster.ts';
import { SHARE_FIELDS, SHARE_TARGET_PATH, SHARED_FILE_TYPES } from '../src/core/shared/share-target.ts';

interface Image {
  fileName: string;
  draw: () => Raster;
}

const ICONS = [
  { fileName: 'icons/icon-192.png', sizes: '192x192', purpose: 'any', draw: () => drawIcon(192) },
  { fileName: 'icons/icon-512.png', sizes: '512x512', purpose: 'any', draw: () => drawIcon(512) },
  // Separate, not "any maskable": a maskable drawing shown unmasked looks wrong.
  { fileName: 'icons/maskable-512.png', sizes: '512x512', purpose: 'maskable', draw: () => drawMaskableIcon(512) },
];

const SCREENSHOTS = [
  { fileName: 'icons/screenshot-wide.png', sizes: '1280x720', form_factor: 'wide', label: 'The library: folders beside a grid of thumbnails', draw: () => drawScreenshot(1280, 720) },
  { fileName: 'icons/screenshot-narrow.png', sizes: '540x960', form_factor: 'narrow', label: 'The library on a phone', draw: () => drawScreenshot(540, 960) },
];

const IMAGES: Image[] = [...ICONS, ...SCREENSHOTS];

export const MANIFEST_FILE = 'manifest.webmanifest';


const SHORTCUT_ICON = [{ src: ICONS[0]!.fileName, sizes: ICONS[0]!.sizes, type: 'image/png' }];
/** Long-press / right-click entries of the app's icon; `?action=` is read by src/app/pwa/launch-params.ts. */
const SHORTCUTS = [
  { name: 'Import files', short_name: 'Import', description: 'Open the import panel', url: './?action=import', icons: SHORTCUT_ICON },
  { name: 'Search the library', short_name: 'Search', description: 'Search names, tags and notes', url: './?action=search', icons: SHORTCUT_ICON },
  { name: 'Capture screen', short_name: 'Capture', description: 'Add a screenshot of a window, a tab or the screen', url: './?action=capture', icons: SHORTCUT_ICON },
];

export function webAppManifest(description: string) {
  const strip = <T extends { draw: unknown; fileName: string }>({ draw: _draw, fileName, ...rest }: T) => ({ src: fileName, type: 'image/png', ...rest });
  return {
    id: './',
    name: 'Offline Asset Library',
    short_name: 'Assets',
    description,
    start_url: './',
    scope: './',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: ICONS.map(strip),
    screenshots: SCREENSHOTS.map(strip),
    share_target: {
      // Answered by the service worker (src/sw/share-target.ts); relative like every URL here.
      action: `./${SHARE_TARGET_PATH}`,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { ...SHARE_FIELDS, files: [{ name: SHARE_FIELDS.files, accept: Object.entries(SHARED_FILE_TYPES).flatMap(([mime, extensions]) => [mime, ...extensions]) }] },
    },
    // "Open with": the files arrive through window.launchQueue (src/app/pwa/launch-files.ts).
    file_handlers: [{ action: './', accept: SHARED_FILE_TYPES }],
    shortcuts: SHORTCUTS,
  };
}

export function webApp({ description }: { description: string }): Plugin {
  const manifest = JSON.stringify(webAppManifest(description), null, 2);
  const drawn = new Map<string, Promise<Uint8Array>>();
  const png = (image: Image) => {
    if (!drawn.has(image.fileName)) drawn.set(image.fileName, image.draw().png());
    return drawn.get(image.fileName)!;
  };

  return {
    name: 'offline-asset-library:web-app',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `./${MANIFEST_FILE}` }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOUR }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'icon', type: 'image/png', href: `./${ICONS[0]!.fileName}` }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: `./${ICONS[0]!.fileName}` }, injectTo: 'head' },
    ],
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0]?.slice(1) ?? '';
        if (path === MANIFEST_FILE) {
          response.setHeader('Content-Type', 'application/manifest+json');
          response.end(manifest);
          return;
        }
        const image = IMAGES.find((candidate) => candidate.fileName === path);
        if (!image) return next();
        png(image).then((bytes) => {
          response.setHeader('Content-Type', 'image/png');
          response.end(bytes);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: manifest });
      for (const image of IMAGES) this.emitFile({ type: 'asset', fileName: image.fileName, source: await png(image) });
    },
  };
}
