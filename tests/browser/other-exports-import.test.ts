// Other tools' exports through the real service worker: a bookmark file and a Google Takeout zip
// posted to library/import, checked through the API; one sent twice under its key imports once.
import { describe, expect, it } from 'vitest';
import type { ImportState } from '../../src/core/eagle-library';
import { BOOKMARKS_HTML, takeoutFiles, zipOfFiles } from '../node/fixtures/other-exports';
import { fetchApi, isolatedClient } from './service-worker';

async function postImport(body: Blob, library: string): Promise<{ status: number; answer: { data?: ImportState; message?: string } }> {
  const { response, body: answer } = await fetchApi('/api/v2/library/import?wait=true&into=current', { method: 'POST', body, headers: { 'X-Library-Path': library } });
  return { status: response.status, answer };
}

describe("other tools' exports through the service worker", () => {
  it('imports a bookmark file: nested folders, tags, times and descriptions', async () => {
    const { client, library } = await isolatedClient();
    const { status, answer } = await postImport(new Blob([BOOKMARKS_HTML], { type: 'text/html' }), library);
    expect(status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'done', format: 'bookmarks', imported: 4, broken: [{ name: 'A bookmarklet' }] });
    const folders = (await client.get<{ data: { id: string; name: string; children: { name: string; children: { name: string }[] }[] }[] }>('/folder/get')).data;
    const bar = folders.find((folder) => folder.name === 'Bookmarks bar')!;
    expect(bar.children[0]).toMatchObject({ name: 'Design', children: [{ name: 'Type' }] });
    const items = (await client.get<{ data: { name: string; url: string; tags: string[]; annotation: string; modificationTime: number }[] }>('/item/get', { limit: 100 })).data;
    expect(items.find((item) => item.url === 'https://example.com/a?x=1&y=2')).toMatchObject({ name: "Tom & Jerry's <page>", tags: ['news', 'daily'], modificationTime: 1_600_000_001_000 });
  });

  it('imports a Takeout zip: sidecars matched, the album a folder, its copy stored once; an unknown file is a 400', async () => {
    const { client, library } = await isolatedClient();
    const { status, answer } = await postImport(await zipOfFiles(await takeoutFiles()), library);
    expect(status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'done', format: 'takeout', total: 8, imported: 7, duplicates: 1 });
    const items = (await client.get<{ data: { name: string; annotation: string; folders: string[]; modificationTime: number }[] }>('/item/get', { limit: 100 })).data;
    const [album] = (await client.get<{ data: { id: string; name: string }[] }>('/folder/get')).data;
    expect(album!.name).toBe('Trip to Lisbon');
    expect(items.find((item) => item.name === 'Castle')).toMatchObject({ annotation: 'São Jorge', folders: [album!.id], modificationTime: 1_560_400_000_000 });
    expect(items.find((item) => item.name === 'IMG_0001')).toMatchObject({ folders: [album!.id] });
    expect(items.some((item) => item.name === 'IMG_0003')).toBe(true);

    const unknown = await postImport(new Blob(['just some text']), library);
    expect(unknown.status).toBe(400);
    expect(unknown.answer.message).toMatch(/^body: .*expected an Eagle library zip, a Google Takeout zip of Google Photos, or a browser bookmark file/);
    expect((await client.get<{ data: unknown[] }>('/item/get', { limit: 100 })).data).toHaveLength(7);
  });

  it('imports a bookmark file into a new library once under one Idempotency-Key, sent twice', async () => {
    await isolatedClient();
    const name = `Marks-${Math.random().toString(36).slice(2, 8)}`;
    const send = () =>
      fetchApi(`/api/v2/library/import?wait=true&into=new&name=${name}`, { method: 'POST', body: new Blob([BOOKMARKS_HTML], { type: 'text/html' }), headers: { 'Idempotency-Key': `import-${name}` } });
    const first = await send();
    const again = await send();
    expect(first.response.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const libraryPath = (first.body.data as ImportState).libraryPath;
    expect(libraryPath).toBe(`/libraries/${name}.library`);
    const { body: items } = await fetchApi('/api/v2/item/countAll', { headers: { 'X-Library-Path': libraryPath } });
    expect(items.data).toBe(4);
    const { response: second } = await fetchApi('/api/v2/library/info', { headers: { 'X-Library-Path': `/libraries/${name} (2).library` } });
    expect(second.status).toBe(404);
  });
});
