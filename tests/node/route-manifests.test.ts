// The route table, the read-only guard's routes, the shell's routes and the item observers all
// derive from the features' manifests (docs/decisions/route-manifests.md). These checks hold the
// derived lists to what the hand-kept ones said, and each manifest to what its folder's code reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesLibrary } from '../../src/core/http/router';
import { loadItemObservers } from '../../src/core/item-observers';
import { MANIFESTS } from '../../src/core/manifests';
import { ROUTES } from '../../src/core/routes';
import { SHELL_ROUTES } from '../../src/core/shell-api';

/** The read-only guard's hand list before the manifests (src/core/publish/read-only.ts): POST routes that pass. */
const OLD_READS = new Set(
  '/item/get /item/ids /item/position /item/query /item/duplicates /item/select /item/open /folder/get /folder/open /tag/get /smartFolder/get /smartFolder/getItems /smartFolder/count /aiSearch/searchByText /aiSearch/searchByBase64 /aiSearch/searchByItemId /library/switch /library/create /library/subscribe /library/rename /library/remove /sync/stop'.split(' '),
);
/** POST routes added since, that change no library (they read, or act on the browser's own stores). */
const NEW_READS = new Set(['/aiSearch/clipModel/put', '/aiSearch/clipModel/remove', '/library/publish', '/item/duplicates', '/library/backup', '/item/selection']);
const oldRefuses = (method: string, path: string, url: URL) =>
  method === 'POST' && !OLD_READS.has(path) && !NEW_READS.has(path) && (path !== '/library/import' || url.searchParams.get('into') === 'current');

const core = join(import.meta.dirname, '../../src/core');
const sourceOf = (folder: string) =>
  readdirSync(join(core, folder), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(core, folder, file), 'utf8'))
    .join('\n');

describe('route manifests', () => {
  it('make a table of every route once, each feature folder with its own', () => {
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
    expect(ROUTES.length).toBeGreaterThanOrEqual(77);
    expect(new Set(MANIFESTS.map((manifest) => manifest.feature)).size).toBe(MANIFESTS.length);
    for (const manifest of MANIFESTS) expect(readdirSync(core)).toContain(manifest.feature);
  });

  it.each(ROUTES.flatMap((r) => ['', '?into=current', '?into=new'].map((query) => [`${r.method} ${r.path}${query}`, r, query] as const)))(
    'refuse %s on a read-only library exactly as the old hand list did',
    (_name, r, query) => {
      const url = new URL(`http://localhost/api/v2${r.path}${query}`);
      expect(changesLibrary(r, url)).toBe(oldRefuses(r.method, r.path, url));
    },
  );

  it('declare `writes` on every POST route and on no GET route', () => {
    const undeclared = ROUTES.filter((r) => (r.method === 'POST') !== (r.writes !== undefined)).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('give the shell exactly the rows flagged `shell`, all reads of the app feature', () => {
    const flagged = MANIFESTS.flatMap((manifest) => manifest.routes.filter((r) => r.shell).map((r) => `${manifest.feature} ${r.method} ${r.path}`));
    expect(flagged).toEqual(['app GET /app/info']);
    expect(SHELL_ROUTES.map((r) => `app ${r.method} ${r.path}`)).toEqual(flagged);
  });

  it('load the item observers in manifest order, postings first and the change feed last', async () => {
    const observers = await loadItemObservers();
    expect(observers.length).toBe(14);
    expect(new Set(observers).size).toBe(14);
    const { postingLists } = await import('../../src/core/postings/postings.observer');
    const { itemChanges } = await import('../../src/core/events/item-changes.observer');
    expect(observers[0]).toBe(postingLists);
    expect(observers.at(-1)).toBe(itemChanges);
  });

  it.each(MANIFESTS.map((manifest) => [manifest.feature, manifest] as const))('%s lists every context member its code reads as a port', (feature, manifest) => {
    const ports: readonly string[] = manifest.ports;
    const known = new Set(['library', 'clock', 'ids', 'app', 'registry', 'changes', 'fetchSource', 'storageEstimate', 'fetchServer', 'loadPouch', 'remoteFiles', 'media', 'imports', 'observers', 'subscriptions', 'dropLibrary', 'apiPrefix', 'itemLinks', 'modelFiles', 'imageProcessor', 'internal', 'listing']);
    const read = [...new Set([...sourceOf(feature).matchAll(/\bctx\.([a-zA-Z]+)/g)].map((m) => m[1]!))].filter((member) => known.has(member)).sort();
    expect(read).toEqual([...ports].sort());
  });
});

describe('item/add', () => {
  it('is validated once, by its route schema, which names the failing item', async () => {
    const { addInput } = await import('../../src/core/items/item.schema');
    const parsed = addInput().safeParse({ items: [{ url: 'https://a.example/a.png' }, { url: 'https://a.example/b.png', star: 9 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['items.1.star']);
    expect(addInput().parse({ name: ' cat ', url: 'https://a.example/a.png' })).toEqual({ batch: false, items: [{ name: 'cat', url: 'https://a.example/a.png' }] });
  });
});
