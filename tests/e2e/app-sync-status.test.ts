// The sync state as a person sees it, against a pouchdb-server this test starts on loopback (so it
// can stop it): "Test connection" in the Sync… dialog with a wrong and then the right password; the
// status bar's "Synced" (a click on it opens the dialog), "Bringing in N of M" on a fresh device,
// "Offline" while the server is down, "Sync error: <the server's message>" when the password
// changed on the server; "Stop syncing" takes it away. Screenshots at 1280 and 390 px go to
// screenshots/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { startCouchServer, type CouchServer } from '../sync/couch-server';
import { api, seed, waitForCount } from './app';
import { openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';

const USER = 'dana';
const PASSWORD = 'dana-pw';
const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/sync-${name}-${page.viewportSize()!.width}.png` });

async function openSyncDialog(page: Page) {
  await page.getByRole('button', { name: /^Library:/ }).click();
  await page.getByRole('button', { name: 'Sync…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sync this library' });
  await dialog.waitFor();
  return dialog;
}

describe('the web app: sync state, Test connection and a first pull', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  let server: CouchServer;

  beforeAll(async () => {
    mkdirSync('screenshots', { recursive: true });
    server = await startCouchServer();
    // A user who may use the database but not create one (no server admin).
    const made = await fetch(`${server.origin}/_users/org.couchdb.user:${USER}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: USER, password: PASSWORD, roles: [], type: 'user' }),
    });
    expect(made.status).toBe(201);
    expect((await fetch(`${server.origin}/team`, { method: 'PUT' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => server?.dispose());

  it('tests the connection, shows the state in the status bar, and a fresh device brings the library in', async () => {
    const url = `${server.origin}/team`;
    const contextA = await appContext(browser(), siteUrl, { width: 1280, height: 800 });
    const contextB = await appContext(browser(), siteUrl, { width: 390, height: 844 });
    try {
      const a = await openApp(contextA, siteUrl);
      await seed(a, Array.from({ length: 450 }, (_, i) => ({ name: `photo ${i}`, tags: [i % 2 ? 'sea' : 'alps'] })));
      await expect(a.locator('#sync-status').count()).resolves.toBe(0);

      // Test connection: a wrong password, then the right one; nothing starts.
      const dialog = await openSyncDialog(a);
      await dialog.getByLabel('CouchDB database URL').fill(url);
      await dialog.getByLabel('User').fill(USER);
      await dialog.getByLabel('Password').fill('not-her-password');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await dialog.locator('#sync-check[data-ok="false"]').getByText('password: the server refused the user name or password (HTTP 401)').waitFor();
      await shot(a, 'test-wrong-password');
      await dialog.getByLabel('Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await dialog.locator('#sync-check[data-ok="true"]').getByText(`Connected to PouchDB Server 4.2.0 as ${USER}: database “team” holds 0 documents.`).waitFor();
      await shot(a, 'test-ok');
      expect(await api(a, '/sync/status')).toMatchObject({ state: 'off' });

      await dialog.getByRole('button', { name: 'Start syncing' }).click();
      await dialog.getByText(/^Synced with /).waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
      const stateA = a.locator('#sync-status');
      await stateA.getByText('Synced', { exact: true }).waitFor({ timeout: 20_000 });
      await shot(a, 'synced');
      // Read between two cycles of the page's loop (one may be running when this asks).
      // The answer that said idle is the one checked: a second read may fall in the next cycle.
      const idle = async (page: Page) => {
        let status: { state: string } | undefined;
        await expect.poll(async () => (status = await api<{ state: string }>(page, '/sync/status')).state, { timeout: 20_000 }).toBe('idle');
        return status;
      };
      expect(await idle(a)).toMatchObject({ state: 'idle', url, pending: 0, error: null });
      const documents = ((await (await fetch(url)).json()) as { doc_count: number }).doc_count;
      expect(documents).toBeGreaterThanOrEqual(450);

      // A click on the state opens the Sync… dialog.
      await stateA.click();
      await a.getByRole('dialog', { name: 'Sync this library' }).getByText(/^Synced with /).waitFor();
      await a.getByRole('dialog', { name: 'Sync this library' }).getByRole('button', { name: 'Close' }).click();

      // A fresh device (a phone) opens the same database: the whole library comes in, with progress.
      const b = await openApp(contextB, siteUrl);
      const dialogB = await openSyncDialog(b);
      await dialogB.getByLabel('CouchDB database URL').fill(url);
      await dialogB.getByLabel('User').fill(USER);
      await dialogB.getByLabel('Password').fill(PASSWORD);
      await dialogB.getByRole('button', { name: 'Test connection' }).click();
      await dialogB.locator('#sync-check').getByText(`database “team” holds ${documents.toLocaleString('en')} documents.`).waitFor();
      await shot(b, 'test-ok');
      await dialogB.getByRole('button', { name: 'Start syncing' }).click();
      const progress = b.locator('#sync-status').getByText(/^Bringing in [\d,]+ of /);
      // The first pull's progress: seen unless the pull outran the loop's reads (a second each).
      const sawProgress = await progress.waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (sawProgress) {
        expect(await progress.textContent()).toMatch(new RegExp(`^Bringing in [\\d,]+ of ${documents.toLocaleString('en')}$`));
        await shot(b, 'first-pull');
      }
      await dialogB.getByText(/^Synced with /).waitFor({ timeout: 60_000 });
      await dialogB.getByRole('button', { name: 'Close' }).click();
      await waitForCount(b, 450);
      await b.locator('#sync-status').getByText('Synced', { exact: true }).waitFor({ timeout: 20_000 });
      await shot(b, 'synced');
      expect(await idle(b)).toMatchObject({ state: 'idle', url, firstPull: null });

      // The server goes away: "Offline", and back to "Synced" when it returns.
      await server.stop();
      for (const page of [a, b]) await page.locator('#sync-status[data-tone="offline"]').getByText('Offline').waitFor({ timeout: 30_000 });
      expect(await a.locator('#sync-status').getAttribute('title')).toMatch(/did not answer; sync resumes when it does\. Retrying\.$/);
      for (const page of [a, b]) await shot(page, 'offline');
      await server.start();
      for (const page of [a, b]) await page.locator('#sync-status').getByText('Synced', { exact: true }).waitFor({ timeout: 40_000 });

      // The password changed on the server: the server's refusal, named.
      const userDoc = (await (await fetch(`${server.origin}/_users/org.couchdb.user:${USER}`)).json()) as Record<string, unknown>;
      const changed = await fetch(`${server.origin}/_users/org.couchdb.user:${USER}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ _id: userDoc._id, _rev: userDoc._rev, name: USER, password: 'a-new-one', roles: [], type: 'user' }),
      });
      expect(changed.status).toBe(201);
      await a.locator('#sync-status[data-tone="error"]').getByText('Sync error: The server refused the user name or password (HTTP 401).').waitFor({ timeout: 30_000 });
      expect(await api(a, '/sync/status')).toMatchObject({ state: 'error', error: 'The server refused the user name or password (HTTP 401).' });
      for (const page of [a, b]) await page.locator('#sync-status[data-tone="error"]').waitFor({ timeout: 30_000 });
      for (const page of [a, b]) await shot(page, 'error');

      // Stop syncing: the state leaves the status bar; the library stays.
      await a.locator('#sync-status').click();
      await a.getByRole('dialog', { name: 'Sync this library' }).getByRole('button', { name: 'Stop syncing' }).click();
      await a.getByRole('dialog', { name: 'Sync this library' }).getByText('Not syncing.').waitFor();
      await a.getByRole('dialog', { name: 'Sync this library' }).getByRole('button', { name: 'Close' }).click();
      await a.locator('#sync-status').waitFor({ state: 'detached' });
      expect(await api(a, '/sync/status')).toMatchObject({ state: 'off' });
      await waitForCount(a, 450);
    } finally {
      await contextA.close();
      await contextB.close();
    }
  }, 240_000);
});
