// An imported child smart folder matches only within its parent's matches, through the real
// service worker: getItems, imageCount and an API-made twin agree (issue 24, point 8).
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import { buildEagleLibrary, zipOf } from '../node/fixtures/eagle-library';
import { catRules, NESTED, wideRules, withNestedSmartFolders } from '../node/fixtures/nested-smart-folders';
import { controlledBy, fetchApi } from './service-worker';

interface Page<T> { data: T[]; total: number }

describe('imported nested smart folders through the service worker', () => {
  it('a child holds only its parent\'s matches, like one made through the API', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: `Nested-${Date.now().toString(36)}`, items: 60, plain: true });
    withNestedSmartFolders(fixture.files);
    const { body } = await fetchApi('/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture) });
    const client = new ApiClient({ library: body.data.libraryPath });
    const idsOf = async (smartFolderId: string) =>
      (await client.get<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId, limit: 1000 })).data.map((item) => item.id).sort();

    const twin = await client.post<{ id: string }>('/smartFolder/create', { name: 'Twin', conditions: catRules });
    const twinChild = await client.post<{ id: string; imageCount: number }>('/smartFolder/create', { name: 'Twin wide', conditions: wideRules, parent: twin.id });
    const expected = await idsOf(twinChild.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan((await idsOf(NESTED.parent)).length);
    expect(await idsOf(NESTED.child)).toEqual(expected);
    const child = (await client.get<Page<{ imageCount: number }>>('/smartFolder/get', { id: NESTED.child })).data[0]!;
    expect(child.imageCount).toBe(expected.length);
    expect(twinChild.imageCount).toBe(expected.length);
  });
});
