/**
 * Bulk tagging: 10,000 items of the seeded library (all of them when fewer) each get one more tag
 * through batch item/update, 1000 items a request, as the web app's bulk edit sends them. Each
 * round adds a fresh tag, then checks tag/get counts every item (no lost write). Baseline: the
 * same edit sent one item per request (single-item item/update) on a sample of the items, in the
 * same rounds, turns alternating. Runs last: it adds tags that would change the seeded library's
 * most used ones.
 */
import type { ApiClient } from '../../../tests/loose-client';
import type { Page } from '../direct-queries';
import { timed } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';

const ITEMS = 10_000;
const BATCH = 1000;
/** Items tagged one request each, per round (enough for a steady rate, short enough to wait for). */
const SINGLE_SAMPLE = 300;
const ROUNDS = 3;

export const bulkTagging: Scenario = {
  id: 'bulk-tagging',
  label: `bulk tagging ${ITEMS.toLocaleString('en')} items, item/update batches of ${BATCH}`,
  unit: 'items/s',
  async measure(ctx) {
    const { count } = requireSeeded(ctx);
    const tags = await readTags(ctx.api, Math.min(ITEMS, count));
    const ids = [...tags.keys()];
    const sample = ids.slice(0, SINGLE_SAMPLE);
    const samples: number[] = [];
    const singleSamples: number[] = [];

    const batchRound = async (tag: string) => {
      const bodies: { items: { id: string; tags: string[] }[] }[] = [];
      for (let at = 0; at < ids.length; at += BATCH) bodies.push({ items: ids.slice(at, at + BATCH).map((id) => ({ id, tags: [...tags.get(id)!, tag] })) });
      const ms = await timed(async () => {
        for (const body of bodies) await ctx.api.post('/item/update', body);
      });
      for (const id of ids) tags.get(id)!.push(tag);
      const counted = (await ctx.api.get<Page<{ name: string; count: number }>>('/tag/get', { name: tag })).data.find((t) => t.name === tag)?.count;
      if (counted !== ids.length) throw new Error(`Tagged ${ids.length} items with "${tag}", but tag/get counts ${counted}.`);
      samples.push((ids.length / ms) * 1000);
    };
    const singleRound = async (tag: string) => {
      const bodies = sample.map((id) => ({ id, tags: [...tags.get(id)!, tag] }));
      const ms = await timed(async () => {
        for (const body of bodies) await ctx.api.post('/item/update', body);
      });
      for (const id of sample) tags.get(id)!.push(tag);
      singleSamples.push((sample.length / ms) * 1000);
    };

    const stamp = Date.now().toString(36);
    for (let round = 0; round < ROUNDS; round++) {
      const turns = [() => batchRound(`bulk-${stamp}-${round}`), () => singleRound(`single-${stamp}-${round}`)];
      for (const turn of round % 2 ? turns.reverse() : turns) await turn();
      await ctx.driver.log(`bulk tagging round ${round + 1}/${ROUNDS}: ${Math.round(samples.at(-1)!)} items/s batched, ${Math.round(singleSamples.at(-1)!)} one by one`);
    }
    return {
      samples,
      baseline: { label: `item/update one item per request (${sample.length} items)`, samples: singleSamples },
      note: `${ids.length} items in ${Math.ceil(ids.length / BATCH)} requests per round, ${ROUNDS} rounds, each adding a tag that tag/get then counts on every item`,
    };
  },
};

/** The first `limit` items (newest first) and their tags, read before any clock starts. */
async function readTags(api: ApiClient, limit: number): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  for (let offset = 0; offset < limit; offset += BATCH) {
    const page = await api.post<Page<{ id: string; tags: string[] }>>('/item/get', { fields: ['tags'], offset, limit: Math.min(BATCH, limit - offset) });
    for (const item of page.data) tags.set(item.id, item.tags);
  }
  return tags;
}
