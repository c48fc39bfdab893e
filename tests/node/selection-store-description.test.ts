// The web app's selection as a description (src/app/selection/selection-store.ts, ranges.ts): ranges of
// positions, ids added outside them and removed inside them. Its count is arithmetic, a cell is selected
// by position or id, and item/select is sent the description, never the ids of a range.
import { describe, expect, it } from 'vitest';
import { addRange, inRanges } from '../../src/app/selection/ranges';
import { SelectionStore, type RangeSource, type SelectBody } from '../../src/app/selection/selection-store';

/** A listing of `total` items the page holds no id of (or, `whole`, all of them: an AI page). */
function store(total: number, whole = false) {
  const source: RangeSource = {
    total,
    listingParams: whole ? null : { orderBy: 'NAME' },
    idAt: (index) => (whole ? `id${index}` : undefined),
    indexOfLoaded: (id) => (whole && id.startsWith('id') ? Number(id.slice(2)) : -1),
    orderSettled: async () => {},
    ids: async (offset, limit) => {
      if (!whole) throw new Error('a described selection reads no ids');
      return Array.from({ length: Math.min(limit, total - offset) }, (_, at) => `id${offset + at}`);
    },
  };
  const sent: SelectBody[] = [];
  const selection = new SelectionStore(source, async (body) => void sent.push(body));
  return { selection, sent };
}

describe('ranges', () => {
  it('merge when they overlap or touch, stay sorted, and answer membership', () => {
    let ranges = addRange([], { from: 10, to: 20 });
    ranges = addRange(ranges, { from: 30, to: 40 });
    ranges = addRange(ranges, { from: 0, to: 2 });
    expect(ranges).toEqual([{ from: 0, to: 2 }, { from: 10, to: 20 }, { from: 30, to: 40 }]);
    expect(addRange(ranges, { from: 21, to: 29 })).toEqual([{ from: 0, to: 2 }, { from: 10, to: 40 }]);
    expect(addRange(ranges, { from: 1, to: 35 })).toEqual([{ from: 0, to: 40 }]);
    expect([0, 2, 3, 9, 10, 20, 25, 40, 41].map((index) => inRanges(ranges, index))).toEqual([true, true, false, false, true, true, false, true, false]);
    expect(inRanges([], 0)).toBe(false);
  });
});

describe('the selection as a description', () => {
  it('selects all of a million items as one range: counted, shown by position, no id held', async () => {
    const { selection, sent } = store(1_000_000);
    await selection.selectAll();
    expect(selection.count).toBe(1_000_000);
    expect(selection.ranges).toEqual([{ from: 0, to: 999_999 }]);
    expect(selection.has(654_321, undefined)).toBe(true);
    expect(selection.idsHeld).toBe(0);
    expect(selection.explicitIds).toBeNull();
    await selection.mirrored();
    expect(sent).toEqual([{ listing: { orderBy: 'NAME' }, ranges: [{ from: 0, to: 999_999 }], added: [], removed: [] }]);
  });

  it('a range of two less the one Ctrl-clicked off has the other as its single item (the inspector shows it)', async () => {
    const { selection } = store(6, true);
    await selection.click(3, 'id3');
    await selection.click(4, 'id4', { range: true });
    expect(selection.single).toBeNull();
    await selection.click(3, 'id3', { toggle: true });
    expect(selection.count).toBe(1);
    expect(selection.single).toBe('id4');
    await selection.click(4, 'id4', { toggle: true });
    await selection.click(3, 'id3', { toggle: true });
    expect(selection.single).toBe('id3');
  });

  it('a toggle inside a range removes, outside adds, and toggling back undoes either', async () => {
    const { selection, sent } = store(100);
    await selection.click(10, 'a');
    await selection.click(19, 'b', { range: true });
    expect(selection.count).toBe(10);
    await selection.click(12, 'c', { toggle: true });
    await selection.click(50, 'd', { toggle: true });
    expect(selection.count).toBe(10);
    expect(selection.has(12, 'c')).toBe(false);
    expect(selection.has(13, 'x')).toBe(true);
    expect(selection.has(50, 'd')).toBe(true);
    expect(selection.has(51, 'e')).toBe(false);
    expect(selection.idsHeld).toBe(2);
    await selection.mirrored();
    expect(sent.at(-1)).toEqual({ listing: { orderBy: 'NAME' }, ranges: [{ from: 10, to: 19 }], added: ['d'], removed: ['c'] });
    await selection.click(12, 'c', { toggle: true });
    await selection.click(50, 'd', { toggle: true });
    expect(selection.count).toBe(10);
    expect([...selection.added, ...selection.removed]).toEqual([]);
  });

  it('Ctrl+Shift adds a range to what is selected; those inside it are neither added nor removed any more', async () => {
    const { selection } = store(100);
    await selection.click(10, 'a');
    await selection.click(14, 'b', { range: true }); // 10..14
    await selection.click(12, 'c', { toggle: true }); // removed at 12; the anchor moves to 12
    await selection.click(30, 'd', { toggle: true }); // added at 30; anchor 30
    await selection.click(40, 'e', { toggle: true }); // added at 40; anchor 40
    expect(selection.count).toBe(5 - 1 + 2);
    await selection.click(28, 'f', { range: true, toggle: true }); // 28..40 joins
    expect(selection.ranges).toEqual([{ from: 10, to: 14 }, { from: 28, to: 40 }]);
    expect([...selection.added.keys()]).toEqual([]);
    expect([...selection.removed.keys()]).toEqual(['c']);
    expect(selection.count).toBe(5 + 13 - 1);
    // A plain Shift-click replaces it all with one range from the anchor (40: a range keeps it).
    await selection.click(20, 'g', { range: true });
    expect(selection.ranges).toEqual([{ from: 20, to: 40 }]);
    expect(selection.count).toBe(21);
  });

  it('Shift+arrows extend from the anchor, backwards too; a plain click is one id again', async () => {
    const { selection, sent } = store(50);
    await selection.click(7, 'seven');
    await selection.extendTo(8);
    await selection.extendTo(3);
    expect(selection.ranges).toEqual([{ from: 3, to: 7 }]);
    expect(selection.count).toBe(5);
    expect(selection.focus).toBe(3);
    await selection.click(9, 'nine');
    expect(selection.explicitIds).toEqual(['nine']);
    expect(selection.single).toBe('nine');
    await selection.mirrored();
    expect(sent.at(-1)).toEqual({ ids: ['nine'] });
  });

  it('an item that left the listing is dropped: an added id, or a range position the page knows', async () => {
    const { selection } = store(100);
    await selection.selectAll();
    await selection.click(99, 'z', { toggle: true }); // removed at 99 (it was in the range)
    await selection.click(99, 'z', { toggle: true }); // back
    selection.remove(['p', 'q'], (id) => (id === 'p' ? 5 : -1));
    expect(selection.has(5, 'p')).toBe(false);
    expect(selection.count).toBe(99);
  });

  it('a listing the page holds whole (an AI page) is sent as ids', async () => {
    const { selection, sent } = store(6, true);
    await selection.click(1, 'id1');
    await selection.click(4, 'id4', { range: true });
    await selection.click(2, 'id2', { toggle: true });
    await selection.mirrored();
    expect(sent.at(-1)).toEqual({ ids: ['id1', 'id3', 'id4'] });
    expect(selection.count).toBe(3);
  });

  it('a range starts at its anchor item wherever an edit moved it, even when the order was being read again as the selection followed its items', async () => {
    // Thirty items in the page's order; a bulk rating then moves the five picked (5..9) to the front.
    let order: string[] | null = Array.from({ length: 30 }, (_, at) => `s${at}`);
    let readIn = () => {};
    const source: RangeSource = {
      total: 30,
      listingParams: { orderBy: 'RATING' },
      idAt: (index) => order?.[index],
      indexOfLoaded: (id) => order?.indexOf(id) ?? -1,
      orderSettled: () => (order ? Promise.resolve() : new Promise<void>((resolve) => (readIn = resolve))),
      ids: async () => Promise.reject(new Error('a described selection reads no ids')),
    };
    const selection = new SelectionStore(source, async () => {});
    await selection.click(5, 's5');
    await selection.click(9, 's9', { range: true });
    const picked = ['s5', 's6', 's7', 's8', 's9'];
    order = null; // a live refresh has dropped the ids it is reading again
    selection.follow(picked, (id) => source.indexOfLoaded(id));
    order = [...picked, ...Array.from({ length: 30 }, (_, at) => `s${at}`).filter((id) => !picked.includes(id))];
    expect(picked.every((id, at) => selection.has(at, id))).toBe(true);
    // Ctrl+Shift to 12 adds positions 0..12: the five followed ids lie inside it now, so are not counted twice.
    await selection.click(12, order[12]!, { range: true, toggle: true });
    expect(selection.ranges).toEqual([{ from: 0, to: 12 }]);
    expect(selection.count).toBe(13);
    // A plain Shift-click ranges from s5, now at 0.
    await selection.click(9, order[9]!, { range: true });
    expect(selection.ranges).toEqual([{ from: 0, to: 9 }]);
    expect(selection.has(0, 's5')).toBe(true);

    // Followed again, and Shift-clicked while the ids are still being read: the click waits for them.
    const moved = order;
    order = null;
    selection.follow(picked, (id) => source.indexOfLoaded(id));
    const click = selection.click(12, moved[12]!, { range: true });
    order = moved;
    readIn();
    await click;
    expect(selection.ranges).toEqual([{ from: 0, to: 12 }]);
  });
});
