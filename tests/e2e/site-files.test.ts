// Defects 3 and 5 of issue 12 on the built site, served as `npm start` serves it: the server no
// longer answers unknown files with index.html, the app's own navigations (a view in the query)
// still open it, and item/add of a path the site does not have is a 400 (never the index page
// stored as an image).
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';

describe('files the site does not have', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('answers an unknown file with 404, and a navigation to a view with the app', async () => {
    const context = await appContext(browser(), siteUrl, { width: 1280, height: 800 });
    const page = await openApp(context, siteUrl);
    const status = await page.evaluate(async () => (await fetch('/typo.png')).status);
    expect(status).toBe(404);
    const deep = await context.newPage();
    await deep.goto(`${siteUrl}/?view=trash&q=cat`);
    await deep.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('refuses item/add of a missing site path or a malformed escape with a 400, storing nothing', async () => {
    const context = await appContext(browser(), siteUrl, { width: 1280, height: 800 });
    const page = await openApp(context, siteUrl);
    await fetchInPage(page, '/api/v2/library/create', { method: 'POST', body: { name: 'SiteFiles' } });
    await fetchInPage(page, '/api/v2/library/switch', { method: 'POST', body: { libraryPath: '/libraries/SiteFiles.library' } });
    for (const source of [{ path: '/typo.png' }, { path: '/assets/bad%E0%A4%A.png' }, { url: `${siteUrl}/bad%E0%A4%A.png` }]) {
      const answer = await fetchInPage(page, '/api/v2/item/add', { method: 'POST', body: source });
      expect(answer, JSON.stringify(source)).toMatchObject({ status: 400, servedBy: 'service-worker', body: { status: 'error', code: 'INVALID_ARGUMENT' } });
      expect(answer.body.message).toMatch(/^(path|url): /);
    }
    expect((await fetchInPage(page, '/api/v2/item/countAll')).body.data).toBe(0);
    // A file the site does have is still imported.
    const favicon = await fetchInPage(page, '/api/v2/item/add', { method: 'POST', body: { path: '/sw.js' } });
    expect(favicon.status).toBe(200);
    await context.close();
  });
});
