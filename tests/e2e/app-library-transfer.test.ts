// "Open an Eagle library…" and "Export library" in the library menu (issue 17, item 3), used as a
// person would (menu clicks, a picked zip, a download), checked through the API and the zip's entries.
import { readFile } from 'node:fs/promises';
import { BlobReader, ZipReader } from '@zip.js/zip.js';
import { describe, expect, inject, it } from 'vitest';
import { buildEagleLibrary, zipOf } from '../node/fixtures/eagle-library';
import { api, eventually, freshApp, gridIds, seed, waitForCount } from './app';
import { seriousViolations } from './a11y-check';
import { useBrowser } from './browser';
import { shot } from './screenshot';

describe('the web app: open and export an Eagle library', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('opens a picked Eagle library zip into a new library, with its report, and shows its items', async () => {
    const page = await freshApp(browser(), siteUrl);
    const fixture = buildEagleLibrary({ name: 'Trip', items: 12 });
    const zip = Buffer.from(await (await zipOf(fixture)).arrayBuffer());
    await page.getByRole('button', { name: /^Library: / }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open an Eagle library zip…' }).click();
    await (await chooser).setFiles({ name: 'Trip.library.zip', mimeType: 'application/zip', buffer: zip });

    const dialog = page.getByRole('dialog', { name: /^Opened Trip\.library as "Trip"/ });
    await dialog.waitFor({ timeout: 30_000 });
    const report = dialog.getByRole('list', { name: 'Report' });
    await expect(report.getByRole('listitem').first().textContent()).resolves.toMatch(/^12 items imported/);
    for (const name of fixture.broken.keys()) expect(await report.getByText(`${name}: `, { exact: false }).count()).toBe(1);
    expect(await seriousViolations(page, 'library-transfer-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The new library is the open one, it holds exactly the fixture's items, and the grid shows them.
    expect((await api<{ name: string }>(page, '/library/info')).name).toBe('Trip');
    await expect(page.locator('#library-name').textContent()).resolves.toBe('Trip');
    const live = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    const trashed = (await api<{ ids: string[] }>(page, '/item/ids', { isDeleted: true })).ids;
    expect([...live, ...trashed].sort()).toEqual([...fixture.records.keys()].sort());
    await waitForCount(page, live.length);
    const byId = await api<{ data: { id: string; name: string; tags: string[] }[] }>(page, '/item/get', { ids: live.slice(0, 3) });
    for (const item of byId.data) {
      const record = fixture.records.get(item.id)!;
      expect([item.name, item.tags]).toEqual([record.name, record.tags]);
    }
    expect((await gridIds(page)).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('leaves the person in the library they opened while an Eagle zip was read', async () => {
    const page = await freshApp(browser(), siteUrl);
    const other = await api<{ path: string }>(page, '/library/create', { name: 'Elsewhere' });
    // The app learns the import's end from reads of its state: they wait until the person moved on.
    await page.evaluate(() => {
      const send = window.fetch.bind(window);
      let release!: () => void;
      (window as unknown as { releaseReads: () => void }).releaseReads = () => release();
      const held = new Promise<void>((resolve) => (release = resolve));
      window.fetch = async (input, init) => {
        if (String(input).includes('/library/import?') && (init?.method ?? 'GET') === 'GET') await held;
        return send(input, init);
      };
    });
    const zip = Buffer.from(await (await zipOf(buildEagleLibrary({ name: 'Trip', items: 4 }))).arrayBuffer());
    await page.getByRole('button', { name: /^Library: / }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open an Eagle library zip…' }).click();
    await (await chooser).setFiles({ name: 'Trip.library.zip', mimeType: 'application/zip', buffer: zip });
    const ended = async () => (await api<{ libraryName: string; status: string }[]>(page, '/library/import')).some((run) => run.libraryName === 'Trip' && run.status === 'done');
    expect(await eventually(ended, true)).toBe(true);
    await api(page, '/library/switch', { libraryPath: other.path });
    await page.locator('#library-name', { hasText: 'Elsewhere' }).waitFor({ state: 'attached' });
    await page.evaluate(() => (window as unknown as { releaseReads: () => void }).releaseReads());
    const report = page.getByRole('dialog', { name: /^Opened Trip\.library as "Trip"/ });
    await report.waitFor({ timeout: 30_000 });
    expect((await api<{ path: string }>(page, '/library/info')).path).toBe(other.path);
    await expect(page.locator('#library-name').textContent()).resolves.toBe('Elsewhere');
    // The report offers the new library, which no menu lists before it was opened once.
    await shot(page, 'transfer-open-offer');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'transfer-open-offer');
    await report.getByRole('button', { name: 'Open Trip' }).click();
    await page.locator('#library-name', { hasText: 'Trip' }).waitFor({ state: 'attached' });
    expect((await api<{ name: string }>(page, '/library/info')).name).toBe('Trip');
    await page.context().close();
  });

  it('exports the open library as a zip download in Eagle format', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, [{ name: 'red', color: '#ff0000' }, { name: 'blue', color: '#0000ff' }]);
    await page.getByRole('button', { name: /^Library: / }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export library as zip' }).click();
    const got = await download;
    const { name } = await api<{ name: string }>(page, '/library/info');
    expect(got.suggestedFilename()).toBe(`${name}.library.zip`);
    const file = await got.path();
    const reader = new ZipReader(new BlobReader(new Blob([await readFile(file)])));
    const names = (await reader.getEntries()).map((entry) => entry.filename);
    await reader.close();
    const root = names.find((name) => name.endsWith('/metadata.json') && name.split('/').length === 2)!;
    expect(root).toMatch(/\.library\/metadata\.json$/);
    const folder = root.slice(0, -'metadata.json'.length);
    for (const id of ids) expect(names).toContain(`${folder}images/${id}.info/metadata.json`);
    // The download did not take the app away.
    expect(new URL(page.url()).pathname).toBe('/');
    await page.locator('#api-status[data-state="ready"]').waitFor();
    await page.context().close();
  });
});
