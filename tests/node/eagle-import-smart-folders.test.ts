// An imported child smart folder (Eagle's `children` in metadata.json) matches only within its
// parent's matches, exactly like one made through the API (docs/contract.md#smart-folders; issue 24, point 8).
import { describe, expect, it } from 'vitest';
import { call, makeApi } from './helpers';
import { buildEagleLibrary, zipOf } from './fixtures/eagle-library';
import { catRules, NESTED, wideRules, withNestedSmartFolders } from './fixtures/nested-smart-folders';

interface Page<T> { data: T[]; total: number }
interface SmartFolder { id: string; imageCount: number; children: SmartFolder[] }

const PARENT = NESTED.parent;
const CHILD = NESTED.child;

describe('imported child smart folders', () => {
  it('match within their parent, and getItems, imageCount and an API-made twin agree', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Nested', items: 60, plain: true });
    withNestedSmartFolders(fixture.files);
    const imported = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture) }));
    const library = ((await imported.json()) as { data: { libraryPath: string } }).data.libraryPath;
    const get = async <T>(path: string, input: Record<string, unknown>) => (await call<T>(api, 'GET', path, input, { library })).data;
    const post = async <T>(path: string, input: Record<string, unknown>) => (await call<T>(api, 'POST', path, input, { library })).data;
    const idsOf = async (smartFolderId: string) =>
      (await get<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId, limit: 1000 })).data.map((item) => item.id).sort();

    const parentIds = await idsOf(PARENT);
    const wideIds = await idsOf((await post<{ id: string }>('/smartFolder/create', { name: 'Wide alone', conditions: wideRules })).id);
    const expected = wideIds.filter((id) => parentIds.includes(id));
    // Wide cats exist, and wide items that are no cats, or the test would prove nothing.
    expect(expected.length).toBeGreaterThan(0);
    expect(wideIds.length).toBeGreaterThan(expected.length);
    expect(await idsOf(CHILD)).toEqual(expected);

    const twinParent = (await post<{ id: string }>('/smartFolder/create', { name: 'Twin', conditions: catRules })).id;
    const twinChild = (await post<SmartFolder>('/smartFolder/create', { name: 'Twin wide', conditions: wideRules, parent: twinParent })).id;
    expect(await idsOf(twinChild)).toEqual(expected);

    const [child] = (await get<Page<SmartFolder>>('/smartFolder/get', { id: CHILD })).data;
    expect(child!.imageCount).toBe(expected.length);
    const info = await get<{ smartFolders: SmartFolder[] }>('/library/info', {});
    expect(info.smartFolders.find((f) => f.id === PARENT)!.children[0]!.imageCount).toBe(expected.length);
    const filtered = await get<Page<{ id: string }>>('/item/get', { smartFolders: CHILD, limit: 1000 });
    expect(filtered.data.map((item) => item.id).sort()).toEqual(expected);
  }, 60_000);
});
