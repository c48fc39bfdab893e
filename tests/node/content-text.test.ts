// Content text on fake-indexeddb: OCR'd pictures (a stand-in OCR) and plain-text files get their
// text through resumable `contentText` jobs; item/query finds it plainly and through `text:`,
// searchByText through the metadata index, and edits leave it in place.
import { describe, expect, it } from 'vitest';
import { CONTENT_TEXT_JOB } from '../../src/core/media/media-jobs';
import { itemText } from '../../src/core/ai-search/item-text';
import { isPlainText, readPlainText, CONTENT_TEXT_MAX_CHARS } from '../../src/core/content-text/plain-text';
import { looksLikeDocument } from '../../src/core/content-text/ocr-gate';
import { putContentText } from '../../src/core/content-text/content-text-store';
import { writeTransaction } from '../../src/core/storage/write';
import type { Palette } from '../../src/core/storage/rows';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, openLibrary, storeItem, TestProcessor } from './fixtures/media';

async function setup() {
  const media = new TestProcessor();
  const api = makeApi({ media });
  const path = await newLibrary(api);
  const library = await openLibrary(api, path);
  const run = async () => {
    await api.media.resume(path);
    await api.media.whenIdle();
  };
  const query = async (text: string) =>
    (await call<{ data: { name: string }[] }>(api, 'POST', '/item/query', { query: text }, { library: path })).data.data.map((item) => item.name).sort();
  const contentText = (id: string) => call(api, 'GET', '/item/contentText', { id }, { library: path });
  return { api, media, path, library, run, query, contentText };
}

describe('content text', () => {
  it('reads a picture by OCR and a text file as it is; item/query finds the words plainly and by text:', async () => {
    const { api, media, library, run, query, contentText } = await setup();
    const picture = fakeImage(40, 30, [250, 250, 250]);
    media.printed.set(await picture.text(), '  QUARTERLY   report\n\n Invoice 4821 ');
    const scan = await storeItem(library, { name: 'scan', ext: 'png', mime: 'image/png' }, picture);
    const notes = await storeItem(library, { name: 'notes', ext: 'md', mime: 'text/markdown' }, new Blob(['# Harbour ferry\nDeparts daily']));
    const flat = await storeItem(library, { name: 'quarterly plan', ext: 'png', mime: 'image/png' }, fakeImage(40, 30, [0, 0, 0]));
    // Both words in its text, in the other order; the phrase in its name.
    const swapped = await storeItem(library, { name: 'daily departs', ext: 'txt', mime: 'text/plain' }, new Blob(['Departs daily']));
    // The text file's job is queued with it; a picture's once its thumbnail shows what it looks like.
    expect((await library.db.jobs.where('id').startsWith(`${CONTENT_TEXT_JOB}:`).primaryKeys()).sort()).toEqual([notes.id, swapped.id].map((id) => `${CONTENT_TEXT_JOB}:${id}`).sort());

    await run();
    // One colour and nothing on it: not a document, so no OCR.
    expect(media.recognized).toHaveLength(1);
    expect((await contentText(flat.id)).data).toBeNull();
    expect((await contentText(scan.id)).data).toEqual({ source: 'ocr', text: 'QUARTERLY report\nInvoice 4821' });
    expect((await contentText(notes.id)).data).toEqual({ source: 'text', text: '# Harbour ferry\nDeparts daily' });
    expect(await query('invoice')).toEqual(['scan']);
    expect(await query('ferry')).toEqual(['notes']);
    expect(await query('quarterly')).toEqual(['quarterly plan', 'scan']);
    expect(await query('text:quarterly')).toEqual(['scan']);
    expect(await query('TEXT:quart -text:ferry')).toEqual(['scan']);
    expect(await query('text:plan')).toEqual([]);
    // A quoted phrase of the field: its words in order in the text read, not in another field.
    expect(await query('text:"quarterly report"')).toEqual(['scan']);
    expect(await query('"daily departs"')).toEqual(['daily departs']);
    expect(await query('text:"daily departs"')).toEqual([]);
    expect(await query('text:"departs daily"')).toEqual(['daily departs', 'notes']);
    // Text stored is announced as its item's change, though the row is not: an open inspector and searches read again.
    const updated: string[][] = [];
    api.changes.subscribe((event) => event.kind === 'item' && updated.push([event.action, ...event.ids]));
    const row = await library.db.items.where('id').equals(scan.id).first();
    await writeTransaction(library, Date.now(), () => putContentText(library.db, row!, { source: 'ocr', text: 'QUARTERLY report\nInvoice 4822' }, [], Date.now()));
    expect(updated).toEqual([['updated', scan.id]]);
    await writeTransaction(library, Date.now(), () => putContentText(library.db, row!, { source: 'ocr', text: 'QUARTERLY report\nInvoice 4821' }, [], Date.now()));
    expect(await query('Text:"Harbour ferry" OR text:"invoice 4821"')).toEqual(['notes', 'scan']);
    expect(await query('text:"quarterly plan"')).toEqual([]);
    expect(await query('text:"report quarterly"')).toEqual([]);
    expect(await query('quarterly -text:"quarterly report"')).toEqual(['quarterly plan']);
    expect(await library.db.jobs.count()).toBe(0);
  });

  // OCR waits for a page's engine; a library with no page open must still look indexed for AI
  // search (the meaning index the text feeds is queued, and counted, once the text is there).
  it('leaves an item that waits only for OCR out of the AI indexing status', async () => {
    const { api, path, media, library, run } = await setup();
    media.needsPage.add('ocr');
    const picture = fakeImage(40, 30, [250, 250, 250]);
    media.printed.set(await picture.text(), 'Timetable');
    await storeItem(library, { name: 'scan', ext: 'png', mime: 'image/png' }, picture);
    await run();
    // The first status call starts the AI indexes (objects, meaning); they finish, the OCR waits.
    await call(api, 'GET', '/aiSearch/getSyncStatus', {}, { library: path });
    await run();
    expect(await library.db.jobs.where('id').startsWith(`${CONTENT_TEXT_JOB}:`).count()).toBe(1);
    const status = (await call(api, 'GET', '/aiSearch/getSyncStatus', { watch: true }, { library: path })).data;
    expect(status).toEqual({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 });
  });

  it('keeps the text through edits and a new thumbnail, and drops it with the item', async () => {
    const { api, path, media, library, run, query, contentText } = await setup();
    const picture = fakeImage(40, 30, [250, 250, 250]);
    media.printed.set(await picture.text(), 'Timetable');
    const scan = await storeItem(library, { name: 'scan', ext: 'png', mime: 'image/png' }, picture);
    await run();
    await call(api, 'POST', '/item/update', { id: scan.id, name: 'turned scan', tags: ['ferry'] }, { library: path });
    await call(api, 'POST', '/item/refreshThumbnail', { id: scan.id }, { library: path });
    await run();
    expect((await contentText(scan.id)).data).toEqual({ source: 'ocr', text: 'Timetable' });
    expect(await query('text:timetable')).toEqual(['turned scan']);
    await call(api, 'POST', '/item/update', { id: scan.id, isDeleted: true }, { library: path });
    expect((await call(api, 'POST', '/item/remove', { ids: [scan.id] }, { library: path })).httpStatus).toBe(200);
    expect(await library.db.contentTexts.count()).toBe(0);
  });

  it('waits for a page: OCR with none connected stays queued and runs once one is', async () => {
    const { media, library, run, contentText } = await setup();
    const picture = fakeImage(40, 30, [250, 250, 250]);
    media.printed.set(await picture.text(), 'Wireless network');
    media.needsPage.add('ocr');
    const shot = await storeItem(library, { name: 'shot', ext: 'png', mime: 'image/png' }, picture);
    await run();
    expect((await contentText(shot.id)).data).toBeNull();
    expect(await library.db.jobs.get(`${CONTENT_TEXT_JOB}:${shot.id}`)).toBeDefined();
    media.needsPage.delete('ocr');
    await run();
    expect((await contentText(shot.id)).data).toEqual({ source: 'ocr', text: 'Wireless network' });
  });

  it('gives the meaning search the content text and searchByText finds its words', async () => {
    const { api, path, media, library, run } = await setup();
    const picture = fakeImage(40, 30, [250, 250, 250]);
    media.printed.set(await picture.text(), 'Harbour timetable');
    const scan = await storeItem(library, { name: 'scan', ext: 'png', mime: 'image/png' }, picture);
    await run();
    expect(await itemText(library.db, (await library.db.items.get(scan.pk))!)).toBe('scan. Harbour timetable');
    const answer = await call<{ results: { item: { id: string } }[] }>(api, 'POST', '/aiSearch/searchByText', { query: 'timetable' }, { library: path });
    expect(answer.data.results.map((hit) => hit.item.id)).toEqual([scan.id]);
  });

  it('answers a missing id with a 400 naming it and an unknown item with a 404', async () => {
    const { contentText, api, path } = await setup();
    expect((await call(api, 'GET', '/item/contentText', {}, { library: path })).body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^id/) });
    expect((await contentText('nope')).body).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
  });
});

describe('which pictures get OCR', () => {
  const grey = (v: number, ratio: number): Palette => ({ color: [v, v, v], ratio });
  it.each([
    ['one colour', [grey(250, 100)], false],
    ['a screen: a flat background and ink', [{ color: [30, 60, 200], ratio: 70 }, grey(0, 30)], true],
    ['a photographed page: shades of grey', [grey(200, 25), grey(180, 23), grey(160, 14), grey(120, 13), grey(40, 25)], true],
    ['a colour photo', [{ color: [200, 40, 30], ratio: 25 }, { color: [30, 160, 40], ratio: 25 }, { color: [40, 50, 180], ratio: 25 }, grey(90, 25)], false],
  ] as const)('%s → %s', (_, palettes, ocr) => {
    expect(looksLikeDocument(palettes as unknown as Palette[])).toBe(ocr);
  });
});

describe('plain text', () => {
  it.each([
    ['txt', 'application/octet-stream', true],
    ['md', '', true],
    ['csv', 'text/csv', true],
    ['', 'text/plain; charset=utf-8', true],
    ['html', 'text/html', false],
    ['png', 'image/png', false],
  ])('%s %s → %s', (ext, mime, plain) => {
    expect(isPlainText({ ext, mime })).toBe(plain);
  });

  it('reads at most the bound, never a cut character', async () => {
    const long = new Blob(['é'.repeat(CONTENT_TEXT_MAX_CHARS * 3)]);
    const text = await readPlainText(long);
    expect(text.length).toBe(CONTENT_TEXT_MAX_CHARS);
    expect(text).not.toMatch(/\uFFFD/);
  });
});
