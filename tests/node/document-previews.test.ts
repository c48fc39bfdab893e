// Previews of documents (issue 43, point 3) in the core: PDFs and PSDs are queued for the page's
// media worker like any picture, a PDF's text is kept beside its thumbnail, and a pending PSD is
// never served as if a browser could show it. The real decoding runs in tests/browser/document-previews.test.ts.
import { describe, expect, it } from 'vitest';
import { loadItemObservers } from '../../src/core/item-observers';
import type { MediaOutcome, MediaRequest } from '../../src/core/media/media-processor';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { writeTransaction } from '../../src/core/storage/write';
import { call, makeApi, newLibrary } from './helpers';
import { itemRow, openLibrary, storeItem, TestProcessor } from './fixtures/media';

const ITEM_OBSERVERS = await loadItemObservers();

/** Reads "PDF WxH text…" as a page of that size saying that text. */
class DocumentProcessor extends TestProcessor {
  override async process(request: MediaRequest): Promise<MediaOutcome> {
    const match = request.kind === 'pdf' && /^PDF (\d+)x(\d+) ?(.*)$/s.exec(await request.blob.text());
    if (!match) return super.process(request);
    const outcome = await super.process({ ...request, blob: new Blob([`FAKE ${match[1]}x${match[2]} 16,176,64`]) });
    return outcome.status === 'done' ? { ...outcome, text: match[3]! } : outcome;
  }
}

async function setup() {
  const media = new DocumentProcessor();
  const api = makeApi({ media });
  const path = await newLibrary(api);
  return { api, media, path, library: await openLibrary(api, path) };
}

const touch = (api: ReturnType<typeof makeApi>, path: string) => call(api, 'GET', '/library/info', {}, { library: path });

describe('document previews in the core', () => {
  it("hands a PDF to the processor as a pdf, stores its thumbnail and keeps its text", async () => {
    const { api, media, path, library } = await setup();
    const pdf = new Blob(['PDF 300x200 The marigold grows in Lisbon.'], { type: 'application/pdf' });
    const row = await storeItem(library, { ext: 'pdf', mime: 'application/pdf' }, pdf);
    await touch(api, path);
    await api.media.whenIdle();
    expect(media.seen.map((request) => request.kind)).toEqual(['pdf']);
    expect(await itemRow(library, row.id)).toMatchObject({ thumbnail: 'ready', noThumbnail: false, width: 300, height: 200 });
    expect(await library.db.documentTexts.get(row.id)).toEqual({ id: row.id, source: 'pdf', text: 'The marigold grows in Lisbon.' });
  });

  it('keeps a PDF job queued while no page can decode it, and finishes it once one can', async () => {
    const { api, media, path, library } = await setup();
    media.needsPage.add('pdf');
    const row = await storeItem(library, { ext: 'pdf', mime: 'application/pdf' }, new Blob(['PDF 100x100 later']));
    await touch(api, path);
    await api.media.whenIdle();
    expect((await itemRow(library, row.id))?.thumbnail).toBe('pending');
    expect(await library.db.documentTexts.get(row.id)).toBeUndefined();
    media.needsPage.delete('pdf');
    await call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    await api.media.whenIdle();
    expect((await library.db.documentTexts.get(row.id))?.text).toBe('later');
  });

  it("drops a removed item's document text with it", async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, { ext: 'pdf', mime: 'application/pdf' }, new Blob(['PDF 100x100 gone soon']));
    await touch(api, path);
    await api.media.whenIdle();
    expect(await library.db.documentTexts.count()).toBe(1);
    const current = (await itemRow(library, row.id))!;
    await writeTransaction(library, Date.now(), () => commitItemChanges(library.db, [{ before: current }], ITEM_OBSERVERS, Date.now()));
    expect(await library.db.documentTexts.count()).toBe(0);
  });

  it('serves a pending PSD its generic icon, never the PSD bytes as an image', async () => {
    const { api, media, path, library } = await setup();
    media.needsPage.add('psd');
    const row = await storeItem(library, { ext: 'psd', mime: 'image/vnd.adobe.photoshop' }, new Blob(['8BPS…'], { type: 'image/vnd.adobe.photoshop' }));
    for (const query of ['', '&preferOriginal=true']) {
      const response = await api.handle(new Request(`http://localhost/api/v2/item/thumbnail?id=${row.id}${query}`, { headers: { 'X-Library-Path': path } }));
      expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(await response.text()).toContain('>PSD<');
    }
  });
});
