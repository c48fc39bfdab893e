// The import panel's controller sends each dropped file and pasted link to the folder the person
// was looking at when they dropped or pasted it, even when they move to another folder (or to
// All) while the import still runs. It used to read the view's folder at each send, so the rest of
// a long drop landed elsewhere. A fake API, its sends held, stands in for the worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../loose-client';
import { ImportController } from '../../src/app/import/import-controller';

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

const settled = (controller: ImportController) =>
  new Promise<void>((resolve) => {
    const check = () => !controller.progress.active && (controller.removeEventListener('change', check), resolve());
    controller.addEventListener('change', check);
    check();
  });

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
});
