// What a first install precaches (tools/precache-manifest.ts startFiles): the app page and the files
// it names, relative to sw.js, whatever form Vite gave their URLs; nothing it does not name.
import { describe, expect, it } from 'vitest';
import { startFiles, type PrecacheFile } from '../../tools/precache-manifest';

const page = `<!doctype html><html><head>
  <script type="module" crossorigin src="./assets/main-C69E.js"></script>
  <link rel="modulepreload" crossorigin href="./assets/image-fields-BmZc.js">
  <link rel="stylesheet" crossorigin href="/assets/main-E4L3.css">
  <link rel="manifest" href="manifest.webmanifest">
  <link rel="icon" type="image/png" href="./icons/icon-192.png?v=2">
  <link rel="apple-touch-icon" href="./icons/icon-192.png">
  <link rel="preconnect" href="https://fonts.example.com/">
</head><body><a href="#main">Skip</a><app-shell></app-shell></body></html>`;

const file = (fileName: string, source: string | Uint8Array = ''): PrecacheFile => ({ fileName, source });
const BUILD = [
  file('index.html', page),
  ...['assets/main-C69E.js', 'assets/image-fields-BmZc.js', 'assets/main-E4L3.css', 'manifest.webmanifest', 'icons/icon-192.png'].map((name) => file(name)),
  // Loaded later or elsewhere: dynamic chunks, workers, the capture page, install icons.
  ...['assets/pdf-preview-Bt.js', 'assets/pdf.worker-Wf.js', 'capture.html', 'icons/icon-512.png', 'sw-imports.js'].map((name) => file(name)),
];

describe('the files a first install precaches', () => {
  it('are the app page and each build file it names, once, sorted', () => {
    expect(startFiles(BUILD)).toEqual(['assets/image-fields-BmZc.js', 'assets/main-C69E.js', 'assets/main-E4L3.css', 'icons/icon-192.png', 'index.html', 'manifest.webmanifest']);
  });

  it('reads a page given as bytes the same', () => {
    const bytes = BUILD.map((entry) => (entry.fileName === 'index.html' ? file('index.html', new TextEncoder().encode(page)) : entry));
    expect(startFiles(bytes)).toEqual(startFiles(BUILD));
  });

  it('reads single-quoted and unquoted attributes too', () => {
    const quoted = page.replace('"./assets/main-C69E.js"', "'./assets/main-C69E.js'").replace('"/assets/main-E4L3.css"', '/assets/main-E4L3.css');
    const build = BUILD.map((entry) => (entry.fileName === 'index.html' ? file('index.html', quoted) : entry));
    expect(startFiles(build)).toEqual(startFiles(BUILD));
  });

  it('fails the build when the page names no script of it', () => {
    const build = BUILD.map((entry) => (entry.fileName === 'index.html' ? file('index.html', page.replace('./assets/main-C69E.js', './assets/gone.js').replace('./assets/image-fields-BmZc.js', '#')) : entry));
    expect(() => startFiles(build)).toThrow(/index.html names no script of the build/);
  });

  it('are none without an app page (development, a build of the worker alone)', () => {
    expect(startFiles(BUILD.filter((entry) => entry.fileName !== 'index.html'))).toEqual([]);
  });
});
