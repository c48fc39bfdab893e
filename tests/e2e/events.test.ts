// Two real tabs of the built site stay in step through GET /api/v2/events (the production worker).
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';

describe('live changes between tabs', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('announces a tag renamed in one tab to an EventSource in the other', async () => {
    const context = await appContext(browser(), siteUrl, { width: 1280, height: 800 });
    const first = await openApp(context, siteUrl);
    const second = await openApp(context, siteUrl);
    await second.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const heard: unknown[] = [];
          (window as unknown as { heard: unknown[] }).heard = heard;
          const source = new EventSource('/api/v2/events');
          source.addEventListener('tag', (event) => heard.push(JSON.parse((event as MessageEvent<string>).data)));
          source.addEventListener('open', () => resolve(), { once: true });
        }),
    );
    const added = await fetchInPage(first, '/api/v2/item/add', { method: 'POST', body: { name: 'a cat', bookmarkURL: 'https://example.com/', tags: ['cat'] } });
    expect(added.status).toBe(200);
    const renamed = await fetchInPage(first, '/api/v2/tag/update', { method: 'POST', body: { originalName: 'cat', name: 'feline' } });
    expect(renamed).toMatchObject({ status: 200, servedBy: 'service-worker' });
    const heard = await second.waitForFunction(
      () => (window as unknown as { heard: { action: string }[] }).heard.find((change) => change.action === 'renamed'),
      undefined,
      { timeout: 10_000 },
    );
    expect(await heard.jsonValue()).toMatchObject({ action: 'renamed', ids: ['feline'], from: 'cat', library: '/libraries/My Library.library' });
    await context.close();
  });
});
