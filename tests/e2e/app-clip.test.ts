// Bring your own CLIP end to end (issue 16, item 6): a person picks the tests' tiny CLIP-shaped ONNX
// files in the app, the page's CLIP worker indexes every picture through the service worker's
// resumable jobs, and searchByText through the API ranks the matching colour first with signal "clip".
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, gridIds, reloadApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';
import { tinyBpeClipManifest, tinyBpeFiles, tinyImageEncoder, tinyTextEncoder } from '../tiny-clip/tiny-clip-model';

type Health = { signals: string[]; clip: { loaded: boolean; name?: string; dims?: number; indexedCount?: number } };
type Results = { results: { item: { id: string }; signals: string[] }[]; model?: string };

const NAMES = ['red', 'green', 'blue', 'yellow'];
const COLOURS = ['#e01818', '#18c030', '#2030e0', '#f0d820'];

describe('the web app: your own CLIP model', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('loads the picked ONNX files, indexes every picture with them, and searchByText ranks by them', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, COLOURS.map((color, i) => ({ name: NAMES[i]!, color, size: [96, 64] as [number, number] })));
    await reloadApp(page);
    await waitForCount(page, ids.length);
    expect(await api<Health>(page, '/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: false } });

    // As a real CLIP export comes: the byte-pair tokenizer's vocab.json and merges.txt.
    const { vocab, merges } = tinyBpeFiles();
    const modelFiles = (vocabText: string) => [
      { name: 'clip.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tinyBpeClipManifest())) },
      { name: 'image.onnx', mimeType: 'application/octet-stream', buffer: Buffer.from(tinyImageEncoder()) },
      { name: 'text.onnx', mimeType: 'application/octet-stream', buffer: Buffer.from(tinyTextEncoder()) },
      { name: 'vocab.json', mimeType: 'application/json', buffer: Buffer.from(vocabText) },
      { name: 'merges.txt', mimeType: 'text/plain', buffer: Buffer.from(merges) },
    ];
    // A model that does not load (its vocabulary is not JSON) says why, and is not kept.
    await page.locator('#clip-model-files').setInputFiles(modelFiles('{ not json'));
    await page.locator('.toast', { hasText: 'The CLIP model was not loaded' }).waitFor({ timeout: 30_000 });
    await page.locator('#clip-model-status[data-loaded="false"]').waitFor();
    expect(await api<Health>(page, '/aiSearch/checkServiceHealth')).toMatchObject({ clip: { loaded: false } });

    await page.locator('#clip-model-files').setInputFiles(modelFiles(JSON.stringify(vocab)));
    await page.locator('#clip-model-status[data-loaded="true"]', { hasText: 'CLIP: tiny-clip-test (8-d)' }).waitFor({ timeout: 30_000 });

    const indexed = await eventually(async () => (await api<Health>(page, '/aiSearch/checkServiceHealth')).clip.indexedCount, ids.length, 60_000);
    expect(indexed).toBe(ids.length);
    expect(await api<Health>(page, '/aiSearch/checkServiceHealth')).toMatchObject({ signals: expect.arrayContaining(['clip']), clip: { loaded: true, name: 'tiny-clip-test', dims: 8 } });
    for (const [at, word] of NAMES.entries()) {
      const answer = await api<Results>(page, '/aiSearch/searchByText', { query: `a photo of ${word}` });
      expect(answer.model).toBe('tiny-clip-test');
      expect(answer.results[0], word).toMatchObject({ item: { id: ids[at] }, signals: ['clip'] });
    }

    // In the app: search by meaning shows the same ranking, marked as CLIP's.
    await page.getByRole('button', { name: 'AI: search by meaning' }).click();
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('blue');
    await search.press('Enter');
    await page.locator('.cell-signals[data-signals="clip"]').first().waitFor();
    expect((await gridIds(page))[0]).toBe(ids[2]);

    // The model is kept in the browser: after a reload it is still there and still answers.
    await reloadApp(page);
    await page.locator('#clip-model-status[data-loaded="true"]').waitFor();
    expect((await api<Results>(page, '/aiSearch/searchByText', { query: 'green' })).results[0]).toMatchObject({ item: { id: ids[1] }, signals: ['clip'] });
    await page.context().close();
  }, 120_000);
});
