/** Builds the site with the bench page (bench/vite.config.ts) and serves it with `vite preview`. */
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';

const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

export interface Site {
  url: string;
  close(): Promise<void>;
}

export async function buildAndServe(port: number): Promise<Site> {
  await buildSite();
  return serveSite(port);
}

export async function buildSite(): Promise<void> {
  await build({ configFile, logLevel: 'warn' });
}

/** Serves the built site; `strict`: on this port or fail (a kept scale library lives under one origin). */
export async function serveSite(port: number, strict = false): Promise<Site> {
  // Another engineer's server may hold the port: take the next free one.
  const server: PreviewServer = await preview({ configFile, logLevel: 'warn', preview: { port, strictPort: strict, host: '127.0.0.1' } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL.');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}
