// Where the library is inside a zip or a picked folder: the folder holding metadata.json with an
// images/ folder directly under it, whatever the folders around it are named. A zip made from the
// parent folder ("Design images/Brand.library/…", "images/Brand.library/…") was refused as no library.
import { describe, expect, it } from 'vitest';
import { makeApi, type Answer } from './helpers';
import { buildEagleLibrary, zipOf } from './fixtures/eagle-library';
import { fileListTree, zipTree, type ImportState } from '../../src/core/eagle-library';
import { itemFolderNames, readRoot } from '../../src/core/eagle-library/read-library';

const LAYOUTS = ['Brand.library', 'Design images/Brand.library', 'images/Brand.library', 'Work/images/Brand.library'];

describe('the library folder of a tree', () => {
  const fixture = buildEagleLibrary({ name: 'Brand', items: 4 });
  const itemFolders = [...fixture.records.keys(), ...fixture.broken.keys()].map((id) => (id.endsWith('.info') ? id : `${id}.info`)).sort();

  for (const layout of LAYOUTS) {
    it(`is Brand.library in a zip of "${layout}/…" and in the same files picked`, async () => {
      const zipped = await zipTree(await zipOf(fixture, layout), 'Parent.zip');
      const picked = fileListTree([...fixture.files].map(([path, bytes]) => ({ path: `${layout}/${path}`, file: new File([bytes], path.split('/').pop()!) })));
      for (const tree of [zipped, picked]) {
        expect(tree.folderName).toBe('Brand.library');
        expect(await itemFolderNames(tree)).toEqual(itemFolders);
        expect(typeof (await readRoot(tree))).toBe('object');
      }
    });
  }

  it('is never an item folder, even one holding an images/ folder of its own', async () => {
    const files = new Map(fixture.files);
    const [first] = itemFolders;
    files.set(`images/${first}/images/stray.png`, new Uint8Array([1]) as Uint8Array<ArrayBuffer>);
    for (const layout of LAYOUTS) expect((await zipTree(await zipOf({ name: 'Brand', files }, layout), 'Parent.zip')).folderName).toBe('Brand.library');
  });

  it('is imported through library/import from a zip of its parent folder "Design images"', async () => {
    const api = makeApi();
    const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture, 'Design images/Brand.library') }));
    const body = (await response.json()) as Answer<ImportState>['body'];
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ status: 'done', libraryName: 'Brand', folderName: 'Brand.library', total: itemFolders.length, imported: fixture.records.size });
  }, 30_000);
});
