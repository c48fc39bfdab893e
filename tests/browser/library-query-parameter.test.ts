// A GET may name its library as ?library= (media elements cannot send X-Library-Path); the header wins.
import { describe, expect, it } from 'vitest';
import { imageBase64 } from './images';
import { fetchApi, isolatedClient } from './service-worker';

describe('?library= on GET requests', () => {
  it('reads that library without the header, and the header wins when both are given', async () => {
    const own = await isolatedClient();
    const other = await isolatedClient();
    const { id } = await own.client.post<{ id: string }>('/item/add', { name: 'mine', base64: await imageBase64(30, 20) });
    const library = encodeURIComponent(own.library);

    const file = await fetchApi(`/api/v2/item/file?id=${id}&library=${library}`);
    expect(file.response.status).toBe(200);
    expect(file.response.headers.get('Content-Type')).toBe('image/png');
    const listed = await fetchApi(`/api/v2/item/get?id=${id}&library=${library}`);
    expect(listed.body.data.data.map((item: { name: string }) => item.name)).toEqual(['mine']);

    const overruled = await fetchApi(`/api/v2/item/get?id=${id}&library=${library}`, { headers: { 'X-Library-Path': other.library } });
    expect(overruled.body.data.total).toBe(0);
    const unknown = await fetchApi(`/api/v2/item/get?library=${encodeURIComponent('/libraries/none-such.library')}`);
    expect(unknown.response.status).toBe(404);
  });

  it('names the library in the item URLs of an answer to a request that named it, so an <img> loads from it', async () => {
    const own = await isolatedClient();
    const { id } = await own.client.post<{ id: string }>('/item/add', { name: 'mine', base64: await imageBase64(30, 20) });
    const [item] = (await own.client.get<{ data: { fileURL: string; thumbnailURL: string }[] }>('/item/get', { id })).data;
    expect(item!.fileURL).toBe(`/api/v2/item/file?id=${id}&library=${encodeURIComponent(own.library)}`);
    // Fetched as it is, with no header, while another library is the current one.
    const file = await fetchApi(item!.fileURL);
    expect([file.response.status, file.response.headers.get('Content-Type')]).toEqual([200, 'image/png']);
    const image = new Image();
    image.src = item!.thumbnailURL;
    await image.decode();
    expect(image.naturalWidth).toBeGreaterThan(0);
  });

  it('is not read from POST requests: writes name their library with the header only', async () => {
    const own = await isolatedClient();
    const { id } = await own.client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com' });
    const { response } = await fetchApi(`/api/v2/item/update?library=${encodeURIComponent(own.library)}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id, star: 5 }),
    });
    expect(response.status).toBe(404); // looked for in the current library, where the item is not
    expect((await fetchApi(`/api/v2/item/get?id=${id}&library=${encodeURIComponent(own.library)}`)).body.data.data[0].star).toBe(0);
  });
});
