/**
 * A plain static file server for end-to-end tests that must control the site: stop it (offline),
 * swap the build it serves (updates), or mount a build under a host site's base path (embedding).
 * It listens on a free port, like a host with no special configuration (no SPA fallback).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A handler that answers some requests itself (returns true) before the files are looked up. */
export type ExtraRoute = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface StaticSite {
  url: string;
  /** Paths of every request the server saw, in order. */
  readonly requests: string[];
  /** Serves `dir` under the URL prefix `at` (e.g. `/` or `/asset-library/`); a later mount replaces an earlier one of the same prefix. */
  mount(at: string, dir: string): void;
  close(): Promise<void>;
}

/** `cors`: answer every origin (a published library read from another site). */
export async function serveStatic(mounts: Record<string, string>, extra?: ExtraRoute, options: { cors?: boolean } = {}): Promise<StaticSite> {
  const table = new Map(Object.entries(mounts));
  const requests: string[] = [];

  async function fileFor(pathname: string): Promise<string | undefined> {
    const prefix = [...table.keys()].filter((at) => pathname.startsWith(at)).sort((a, b) => b.length - a.length)[0];
    if (prefix === undefined) return undefined;
    const relative = normalize(decodeURIComponent(pathname.slice(prefix.length))).replace(/^(\.\.[/\\])+/, '');
    let file = join(table.get(prefix)!, relative);
    const info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) file = join(file, 'index.html');
    return (await stat(file).catch(() => undefined))?.isFile() ? file : undefined;
  }

  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(pathname);
    if (options.cors) response.setHeader('Access-Control-Allow-Origin', '*');
    if (extra?.(request, response)) return;
    void fileFor(pathname).then((file) => {
      if (!file) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      createReadStream(file).pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    mount: (at, dir) => table.set(at, dir),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
