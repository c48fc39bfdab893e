// The import panel's controller: each dropped file and pasted link goes to the folder the person
// was looking at when they dropped or pasted it, even when they move to another folder (or to
// All) while the import still runs (it used to read the view's folder at each send). And a write
// stored whose answer was lost counts as done, never as a failure to retry, which would add it
// twice. A fake API, its sends held or answering as the typed client does, stands in for the worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../loose-client';
import { ApiClientError } from '../../src/app/api-client';
import { ImportController } from '../../src/app/import/import-controller';
import { ANSWER_LOST } from '../../src/client/api-client';
import { settled } from './fixtures/import-settled';

function heldApi() {
  const sent: { path: string; folders: unknown }[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const api = {
    async post(path: string, body: { items: { folders?: string[] }[] }) {
      await held;
      for (const item of body.items) sent.push({ path, folders: item.folders ?? null });
      return { ids: body.items.map((_, i) => `id-${sent.length}-${i}`) };
    },
    async postBody(path: string, query: { folders?: string[] }) {
      await held;
      sent.push({ path, folders: query.folders ?? null });
      return { id: `file-${sent.length}` };
    },
  };
  return { api: api as unknown as ApiClient, sent, release };
}

const until = async (ready: () => boolean) => {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve));
};

describe('where an import lands', () => {
  // Node 20 has no navigator; the controller asks it for persistent storage once items land.
  beforeEach(() => void vi.stubGlobal('navigator', {}));
  afterEach(() => void vi.unstubAllGlobals());

  it('keeps each drop and paste to the folder of its time while the view moves on', async () => {
    const { api, sent, release } = heldApi();
    // One item a request, one request at a time: most of the work is still queued when the view changes.
    const controller = new ImportController(api, { folderId: 'cats', concurrency: 1, limits: { maxItems: 1, maxBytes: 1 } });
    await controller.addFiles([1, 2, 3].map((n) => new File([`photo ${n}`], `cat-${n}.png`, { type: 'image/png' })));
    controller.addUrl('https://img.example/cat.png', false);
    controller.folderId = 'dogs';
    controller.addUrl('https://example.com/dog-page', true);
    controller.folderId = null; // "All": new drops land in no folder
    release();
    await settled(controller);
    expect(sent).toEqual([
      ...[1, 2, 3].map(() => ({ path: '/item/addFile', folders: ['cats'] })),
      { path: '/item/add', folders: ['cats'] },
      { path: '/item/add', folders: ['dogs'] },
    ]);
  });

  it('counts a file or batch whose answer was lost as done, and Retry sends it no second time', async () => {
    const sent: string[] = [];
    const lost = async (path: string) => {
      sent.push(path);
      throw new ApiClientError(409, ANSWER_LOST);
    };
    const api = { post: lost, postBody: lost } as unknown as ApiClient;
    const controller = new ImportController(api);
    const landed: string[][] = [];
    controller.addEventListener('items-imported', (event) => landed.push((event as CustomEvent<{ ids: string[] }>).detail.ids));
    await controller.addFiles([new File(['a photo'], 'photo.png', { type: 'image/png' })]);
    controller.addUrl('https://example.com/page', true);
    await settled(controller);
    expect(controller.progress).toMatchObject({ total: 2, done: 2, failures: [] });
    expect(landed.length).toBeGreaterThan(0); // the grid reads the library again
    controller.retry();
    await settled(controller);
    expect(sent).toEqual(['/item/addFile', '/item/add']);
  });

  it('Stop ends what was not sent yet: the rest of a batch of files, and the rest of a batch whose item was refused', async () => {
    const sent: string[] = [];
    const gates: (() => void)[] = [];
    const gate = () => new Promise<void>((resolve) => gates.push(resolve));
    const api = {
      async postBody(_path: string, query: { name: string }) {
        sent.push(query.name);
        await gate();
        return { id: query.name };
      },
      async post(_path: string, body: { items: { bookmarkURL: string }[] }) {
        sent.push(...body.items.map((item) => item.bookmarkURL));
        await gate();
        if (body.items.length === 1) return { ids: ['one'] };
        // The API names one bad item of the batch: the others would go again.
        throw new ApiClientError(400, { status: 'error', code: 'INVALID_ARGUMENT', message: 'items[0].bookmarkURL: is not a web address' });
      },
    } as unknown as ApiClient;
    const next = async () => {
      await until(() => gates.length > 0);
      gates.shift()!();
    };

    // Three files in one batch, each a request: Stop while the first is on its way.
    const files = new ImportController(api, { concurrency: 1 });
    await files.addFiles([1, 2, 3].map((n) => new File([`photo ${n}`], `photo-${n}.png`, { type: 'image/png' })));
    await until(() => sent.length === 1);
    files.cancel();
    await next();
    await settled(files);
    expect(sent).toEqual(['photo-1']);
    expect(files.progress).toMatchObject({ total: 1, done: 1, stoppable: false });

    // A batch of three links on its way when Stop is pressed, one of them refused: the other two stay unsent.
    sent.length = 0;
    const links = new ImportController(api, { concurrency: 1 });
    for (const n of [1, 2, 3, 4]) links.addUrl(`https://example.com/${n}`, true);
    await next(); // the first link alone, then the other three together
    await until(() => sent.length === 4);
    links.cancel();
    await next();
    await settled(links);
    expect(sent).toEqual([1, 2, 3, 4].map((n) => `https://example.com/${n}`));
    expect(links.progress).toMatchObject({ total: 2, done: 1, failures: [expect.objectContaining({ label: 'https://example.com/2' })] });
  });

  it('keeps each drop and paste to the library open at its time, in batches of one library, and skips duplicates where they went', async () => {
    const sent: { library: string | null; path: string; name: string }[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const clientFor = (library: string | null): unknown => ({
      withLibrary: (path: string) => clientFor(path),
      async post(path: string, body: { name?: string; items?: { bookmarkURL?: string; id?: string }[]; keep?: string; others?: string[] }) {
        await held;
        if (path === '/folder/create') {
          sent.push({ library, path, name: body.name! });
          return { id: `${library}:${body.name}` };
        }
        if (path === '/item/mergeDuplicates') {
          for (const id of body.others!) sent.push({ library, path, name: `${id} into ${body.keep}` });
          return {};
        }
        for (const item of body.items!) sent.push({ library, path, name: item.bookmarkURL ?? item.id! });
        return { ids: body.items!.map((_, i) => `${library}-link-${i}`), duplicateOf: body.items!.map(() => 'older') };
      },
      async postBody(path: string, query: { name: string }) {
        await held;
        sent.push({ library, path, name: query.name });
        return { id: `${library}-${query.name}`, duplicateOf: 'older' };
      },
    });
    const controller = new ImportController(clientFor(null) as ApiClient, { library: '/libraries/a', concurrency: 1 });
    await controller.addRoots([
      { file: new File(['one'], 'one.png', { type: 'image/png' }), path: 'one.png' },
      { file: new File(['two'], 'two.png', { type: 'image/png' }), path: 'shots/two.png' },
    ]);
    controller.addUrl('https://example.com/a-page', true);
    controller.library = '/libraries/b'; // the person opened another library while the drop waits
    controller.addUrl('https://example.com/b-page', true);
    release();
    await settled(controller);
    // The folder's making and the first file's send go side by side: their order is not the point.
    const inOrder = (list: typeof sent) => [...list].sort((x, y) => `${x.library} ${x.name}`.localeCompare(`${y.library} ${y.name}`));
    expect(inOrder(sent)).toEqual([
      { library: '/libraries/a', path: '/item/add', name: 'https://example.com/a-page' },
      { library: '/libraries/a', path: '/item/addFile', name: 'one' },
      { library: '/libraries/a', path: '/folder/create', name: 'shots' },
      { library: '/libraries/a', path: '/item/addFile', name: 'two' },
      { library: '/libraries/b', path: '/item/add', name: 'https://example.com/b-page' },
    ]);

    // Every new copy was a duplicate: Skip merges each into its older item, in the library it went to.
    sent.length = 0;
    await controller.skipDuplicates();
    expect(inOrder(sent)).toEqual([
      ...['/libraries/a-link-0', '/libraries/a-one', '/libraries/a-two'].map((id) => ({ library: '/libraries/a', path: '/item/mergeDuplicates', name: `${id} into older` })),
      { library: '/libraries/b', path: '/item/mergeDuplicates', name: '/libraries/b-link-0 into older' },
    ]);
    expect(controller.progress.duplicates).toEqual([]);
  });
});
