// library/publish through the real service worker: a folder of the open library as a published
// library in a zip, the files a destination already holds left out, and a clear 400 for an unknown id.
import { describe, expect, it } from 'vitest';
import { zipTree, walkFiles, type ImportState } from '../../src/core/eagle-library';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { buildEagleLibrary, zipOf } from '../node/fixtures/eagle-library';
import { controlledBy, fetchApi } from './service-worker';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function publishZip(library: string, body: Record<string, unknown>) {
  const { response, body: error } = await fetchApi('/api/v2/library/publish', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Library-Path': library },
    body: JSON.stringify(body),
  });
  return { response, error };
}

async function filesIn(zip: Blob): Promise<Map<string, Blob>> {
  const tree = await zipTree(zip, 'published');
  const out = new Map<string, Blob>();
  for await (const { path, blob } of walkFiles(tree)) out.set(path, blob);
  return out;
}

describe('library/publish through the service worker', () => {
  it('streams a folder as a published library in a zip: its items only; files the destination has are left out; an unknown id is a 400 naming the field', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: unique('Publish'), items: 60 });
    const { response: imported, body } = await fetchApi('/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture) });
    expect(imported.status).toBe(200);
    const library = (body.data as ImportState).libraryPath;
    const { child, grandchild } = fixture.folderIds;

    const { response } = await publishZip(library, { folderId: child });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toContain('Cats-published.zip');
    const files = await filesIn(await response.blob());
    const manifest = JSON.parse(await files.get('manifest.json')!.text()) as Manifest;
    const items = (await Promise.all(manifest.shards.map(async (ref) => JSON.parse(await files.get(ref.file)!.text()) as Shard))).flatMap((shard) => shard.items);
    const expected = [...fixture.records.values()]
      .filter((record) => !record.isDeleted && (record.folders as string[]).some((id) => id === child || id === grandchild))
      .map((record) => String(record.id))
      .sort();
    expect(items.map((item) => item.id).sort()).toEqual(expected);
    expect(manifest).toMatchObject({ name: 'Cats', counts: { items: expected.length, folders: 2, smartFolders: 0 } });
    const owned = new Set(items.flatMap((item) => [item.thumbnail, item.original].filter(Boolean)));
    expect([...files.keys()].filter((path) => /^(thumbnails|originals)\//.test(path)).sort()).toEqual([...owned].sort());

    // Publishing again with what the destination holds: only the manifest comes (nothing changed).
    const again = await publishZip(library, { folderId: child, have: [...files.keys()] });
    expect([...(await filesIn(await again.response.blob())).keys()]).toEqual(['manifest.json']);

    // Without subfolders: only the items directly in Cats.
    const flat = await publishZip(library, { folderId: child, subfolders: false });
    const flatManifest = JSON.parse(await (await filesIn(await flat.response.blob())).get('manifest.json')!.text()) as Manifest;
    expect(flatManifest.counts.items).toBe([...fixture.records.values()].filter((record) => !record.isDeleted && (record.folders as string[]).includes(child)).length);

    for (const [input, field] of [[{ folderId: 'NOPE' }, 'folderId'], [{ smartFolderId: 'NOPE' }, 'smartFolderId'], [{ folderId: child, smartFolderId: fixture.smartFolderIds.current }, 'smartFolderId']] as const) {
      const refused = await publishZip(library, input);
      expect(refused.response.status, JSON.stringify(input)).toBe(400);
      expect(refused.error).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT', message: expect.stringContaining(`${field}:`) });
    }
  });
});
