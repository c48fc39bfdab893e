/**
 * Browser tests of library/subscribe: an Eagle library built from the format note, published with
 * the real command, and served by a plain static file server on loopback (another origin: CORS).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { publishCommand } from '../../tools/publish/cli';
import { serveStatic } from '../e2e/static-server';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';

declare module 'vitest' {
  export interface ProvidedContext {
    published: { url: string; items: number; folders: number; smartFolders: number; sample: { id: string; size: number } };
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fixture = buildEagleLibrary({ name: 'Published', items: 60 });
  const source = join(await mkdtemp(join(tmpdir(), 'published-src-')), 'Published.library');
  for (const [path, bytes] of fixture.files) {
    await mkdir(dirname(join(source, path)), { recursive: true });
    await writeFile(join(source, path), bytes);
  }
  const out = await mkdtemp(join(tmpdir(), 'published-'));
  const { manifest } = await publishCommand([source, '--out', out, '--shard-items', '16'], { log: () => {}, progress: () => {} });
  const site = await serveStatic({ '/published/': out }, undefined, { cors: true });
  const sample = [...fixture.records.values()].find((record) => !record.noThumbnail && record.ext === 'png')!;
  project.provide('published', {
    url: `${site.url}/published/`,
    items: manifest.counts.items,
    folders: manifest.counts.folders,
    smartFolders: manifest.counts.smartFolders,
    sample: { id: String(sample.id), size: Number(sample.size) },
  });
  return () => site.close();
}
