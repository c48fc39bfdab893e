// OCR (docs/decisions/ocr.md) through the real service worker, with tesseract.js in this page's
// media worker: pictures of text drawn here, one turned a quarter and one a low-contrast
// screenshot; words found only inside them are found by item/query (plain and `text:`) and by
// aiSearch/searchByText. Few, small pictures: OCR is CPU-heavy.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../loose-client';
import { startMediaHost } from '../../src/app/media/media-host';
import { LibraryDb } from '../../src/core/storage/library-db';
import { useMediaHost } from './ai-indexing';
import { whenReady } from './media-client';
import { base64Of } from './media-images';
import { fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';
import { drawText, pngOf } from './text-pictures';

interface ContentText {
  source: string;
  text: string;
}

const mediaHost = useMediaHost();

/** Polls item/contentText until the job is done (the jobs table empty of it), at most 3 minutes. */
async function contentText(client: ApiClient, id: string): Promise<ContentText | null> {
  for (let tries = 0; tries < 1800; tries++) {
    const found = await client.get<ContentText | null>(`/item/contentText?id=${id}`);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

const ids = (answer: { id: string }[]) => answer.map((item) => item.id).sort();

describe('text in pictures (OCR in the page media worker)', () => {
  it('reads upright, turned and low-contrast text, and item/query and searchByText find its words', async () => {
    mediaHost();
    const { client } = await isolatedClient();
    const add = async (name: string, canvas: OffscreenCanvas) =>
      (await client.post<{ id: string }>('/item/add', { name, base64: await base64Of(await pngOf(canvas)) })).id;
    const upright = await add('scan-a', drawText({ lines: ['QUARTERLY REPORT', 'Invoice total 4821'] }));
    const turned = await add('scan-b', drawText({ lines: ['Harbour timetable', 'Ferry departs daily'], turns: 1 }));
    const faint = await add('shot-c', drawText({ lines: ['Settings saved', 'Wireless network'], background: '#d8d8d8', ink: '#9a9a9a' }));
    // A text file with both words in its text, in the other order; the phrase in its name.
    const { id: swapped } = await client.post<{ id: string }>('/item/add', { name: 'departs ferry', ext: 'txt', base64: btoa('Ferry departs') });

    expect((await contentText(client, upright))).toMatchObject({ source: 'ocr' });
    expect((await contentText(client, upright))!.text).toMatch(/QUARTERLY REPORT/);
    expect((await contentText(client, turned))!.text).toMatch(/Harbour timetable/);
    expect((await contentText(client, faint))!.text).toMatch(/Wireless network/);
    expect(await contentText(client, swapped)).toMatchObject({ source: 'text', text: 'Ferry departs' });

    const query = async (text: string) => ids((await client.post<{ data: { id: string }[] }>('/item/query', { query: text, limit: 100 })).data);
    expect(await query('quarterly')).toEqual([upright]);
    expect(await query('text:ferry')).toEqual([turned, swapped].sort());
    expect(await query('text:"ferry departs"')).toEqual([turned, swapped].sort());
    expect(await query('"departs ferry"')).toEqual([swapped]);
    expect(await query('text:"departs ferry"')).toEqual([]);
    expect(await query('wireless')).toEqual([faint]);
    // The field reaches content text only: `scan` is in the names, not in the pictures.
    expect(await query('text:scan')).toEqual([]);
    expect(await query('scan')).toEqual([upright, turned].sort());

    const byText = await client.post<{ results: { item: { id: string } }[] }>('/aiSearch/searchByText', { query: 'timetable' });
    expect(byText.results.map((hit) => hit.item.id)).toEqual([turned]);
  }, 300_000);

  it('resumes OCR from IndexedDB after the page worker and the service worker stop mid-job', async () => {
    const first = mediaHost();
    const { client, library } = await isolatedClient();
    const canvas = drawText({ lines: ['Lighthouse keeper', 'Logbook entries'] });
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'log', base64: await base64Of(await pngOf(canvas)) });
    // The thumbnail goes first; OCR (loading tesseract.js first) is under way or next when both stop.
    await whenReady(client, id);
    first.stop();
    await stopServiceWorkers();
    const db = new LibraryDb(`lam/library${library}`);
    try {
      expect(await db.jobs.get(`contentText:${id}`)).toBeDefined();
      expect(await db.contentTexts.get(id)).toBeUndefined();
    } finally {
      db.close();
    }
    const second = startMediaHost();
    try {
      expect((await contentText(client, id))!.text).toMatch(/Lighthouse keeper/);
      expect(ids((await client.post<{ data: { id: string }[] }>('/item/query', { query: 'text:logbook' })).data)).toEqual([id]);
    } finally {
      second.stop();
    }
  }, 300_000);

  it('takes a plain-text file\'s own text, no page needed, and finds it by text:', async () => {
    const { client, library } = await isolatedClient();
    const body = new Blob(['Packing list\nTent, lantern, kettle\n'], { type: 'text/markdown' });
    const added = await fetchApi('/api/v2/item/addFile?fileName=trip.md', { method: 'POST', headers: { [LIBRARY_HEADER]: library }, body });
    const { id } = added.body.data as { id: string };
    expect(await contentText(client, id)).toEqual({ source: 'text', text: 'Packing list\nTent, lantern, kettle' });
    expect(ids((await client.post<{ data: { id: string }[] }>('/item/query', { query: 'text:lantern' })).data)).toEqual([id]);
    expect(await fetchApi(`/api/v2/item/contentText?id=nope`, { headers: { [LIBRARY_HEADER]: library } })).toMatchObject({ response: { status: 404 } });
  }, 120_000);
});
