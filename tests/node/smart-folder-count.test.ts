// smartFolder/count: the live count of conditions not saved yet, checked as create checks them.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { makeItemRow } from './fixtures/item-rows';
import { at, folderRow, seededLibrary } from './fixtures/smart-folders';

const rows = [
  makeItemRow({ id: 'A', tags: ['cat'], width: 2000, ext: 'png', importedAt: at(2024, 3, 1) }),
  makeItemRow({ id: 'B', tags: ['cat'], width: 500, ext: 'jpg', importedAt: at(2024, 3, 2) }),
  makeItemRow({ id: 'C', tags: ['dog'], width: 3000, ext: 'png', importedAt: at(2024, 3, 3) }),
  makeItemRow({ id: 'D', tags: ['cat'], width: 2500, ext: 'png', isDeleted: true, importedAt: at(2024, 3, 4) }),
];
const wide = { property: 'width', method: '>', value: [1920] };
const png = { property: 'type', method: 'equal', value: 'png' };

async function setup() {
  const seeded = await seededLibrary(rows, { folders: [folderRow('F1', 'Work')] });
  const post = <T>(path: string, body: Record<string, unknown>) => call<T>(seeded.api, 'POST', path, body, { library: seeded.library });
  return { post };
}

describe('smartFolder/count', () => {
  it('counts the non-trashed matches of unsaved conditions, saving nothing', async () => {
    const { post } = await setup();
    const answer = await post<{ count: number }>('/smartFolder/count', { conditions: [{ rules: [wide, png], match: 'AND' }] });
    expect(answer.data).toEqual({ count: 2 });
    expect((await post('/smartFolder/count', { conditions: [{ rules: [wide], boolean: 'FALSE' }] })).data).toEqual({ count: 1 });
    expect((await post<{ total: number }>('/smartFolder/get', {})).data.total).toBe(0);
  });

  it('counts within a parent, as a saved child would hold', async () => {
    const { post } = await setup();
    const cats = (await post<{ id: string }>('/smartFolder/create', { name: 'Cats', conditions: [{ rules: [{ property: 'tags', method: 'union', value: ['cat'] }] }] })).data;
    expect((await post('/smartFolder/count', { conditions: [{ rules: [wide] }], parent: cats.id })).data).toEqual({ count: 1 });
    const missing = await post('/smartFolder/count', { conditions: [{ rules: [wide] }], parent: 'NOPE' });
    expect(missing.httpStatus).toBe(404);
    expect(missing.body.message).toContain('parent');
  });

  it('answers an invalid rule with a 400 naming its path, like create', async () => {
    const { post } = await setup();
    const bad = await post('/smartFolder/count', { conditions: [{ rules: [wide, { property: 'width', method: 'between', value: [10] }] }] });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.message).toContain('conditions[0].rules[1]');
    const created = await post('/smartFolder/create', { name: 'x', conditions: [{ rules: [wide, { property: 'width', method: 'between', value: [10] }] }] });
    expect(created.body.message).toBe(bad.body.message);
    const folder = await post('/smartFolder/count', { conditions: [{ rules: [{ property: 'folders', method: 'union', value: ['NOPE'] }] }] });
    expect(folder.httpStatus).toBe(404);
    expect(folder.body.message).toContain('conditions[0].rules[0].value');
  });
});
