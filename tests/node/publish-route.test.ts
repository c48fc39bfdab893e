// library/publish on fake-indexeddb: the open library's smart folder as a published library in a
// zip (the writer streamed through the route), files the destination holds left out, and clear
// 400s naming the field. The same route through the real service worker: tests/browser/publish-part.test.ts.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { walkFiles, zipTree, type ImportState } from '../../src/core/eagle-library';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { buildEagleLibrary, zipOf } from './fixtures/eagle-library';
import { makeApi } from './helpers';

async function publish(api: Api, library: string, body: Record<string, unknown>): Promise<Response> {
  return api.handle(new Request('http://localhost/api/v2/library/publish', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: JSON.stringify(body) }));
}

async function filesOf(response: Response): Promise<Map<string, Blob>> {
  const out = new Map<string, Blob>();
  for await (const { path, blob } of walkFiles(await zipTree(await response.blob(), 'published'))) out.set(path, blob);
  return out;
}

describe('library/publish', { timeout: 60_000 }, () => {
  it('zips a smart folder (with its parent\'s rules) as the publish command would; leaves out what the destination has; 400 names the field', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Route', items: 200 });
    const imported = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture) }));
    const library = ((await imported.json()) as { data: ImportState }).data.libraryPath;
    const { child: wide } = fixture.smartFolderIds;

    const response = await publish(api, library, { smartFolderId: wide, originals: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toContain('Wide-published.zip');
    const files = await filesOf(response);
    const manifest = JSON.parse(await files.get('manifest.json')!.text()) as Manifest;
    const items = (await Promise.all(manifest.shards.map(async (ref) => JSON.parse(await files.get(ref.file)!.text()) as Shard))).flatMap((shard) => shard.items);
    const expected = [...fixture.records.values()]
      .filter((record) => !record.isDeleted && (record.tags as string[]).includes('cat') && record.star === 5 && Number(record.width) >= 300)
      .map((record) => String(record.id));
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((item) => item.id).sort()).toEqual(expected.sort());
    expect(manifest).toMatchObject({ name: 'Wide', counts: { items: expected.length, originals: 0, smartFolders: 1, folders: 0 } });
    expect([...files.keys()].some((path) => path.startsWith('originals/'))).toBe(false);

    const again = await filesOf(await publish(api, library, { smartFolderId: wide, originals: false, have: [...files.keys()].filter((path) => path !== 'manifest.json') }));
    expect([...again.keys()]).toEqual(['manifest.json']);
    expect(await again.get('manifest.json')!.text()).toBe(await files.get('manifest.json')!.text());

    for (const [body, field] of [
      [{ folderId: 'NOPE' }, 'folderId'],
      [{ smartFolderId: 'NOPE' }, 'smartFolderId'],
      [{ folderId: fixture.folderIds.root, smartFolderId: wide }, 'smartFolderId'],
      [{ shardItems: 0 }, 'shardItems'],
      [{ have: 'manifest.json' }, 'have'],
    ] as const) {
      const refused = await publish(api, library, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as { message: string }).message, JSON.stringify(body)).toContain(field);
    }
  });
});
