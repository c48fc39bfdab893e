import { requireSeeded, Skip, type Scenario } from '../scenario';
import { TRASHED } from '../../../src/core/storage/counts';

async function t<T>(label: string, out: string[], work: () => Promise<T>, size?: (v: T) => number): Promise<T> {
  let best = Infinity; let v!: T;
  for (let i = 0; i < 7; i++) { const s = performance.now(); v = await work(); best = Math.min(best, performance.now() - s); }
  out.push(`${label}: ${best.toFixed(2)} ms${size ? ` (${size(v)})` : ''}`);
  return v;
}

export const probe: Scenario = {
  id: 'zz-probe', label: 'probe', unit: 'ms',
  async measure(ctx) {
    const { plan } = requireSeeded(ctx);
    const db = await ctx.db();
    const out: string[] = [];
    const len = (v: unknown[]) => v.length;
    await t('trashed keys', out, () => db.items.where('facets').equals(TRASHED).primaryKeys(), len);
    for (const tag of plan.tags.slice(0, 3)) {
      await t(`tag ${tag} keys`, out, () => db.items.where('tags').equals(tag).primaryKeys(), len);
      await t(`tag ${tag} count`, out, () => db.items.where('tags').equals(tag).count(), (v) => v);
    }
    const png = await t('png keys', out, () => db.items.where('ext').equals('png').primaryKeys(), len);
    await t('png count', out, () => db.items.where('ext').equals('png').count(), (v) => v);
    await t('width>=76 keys', out, () => db.items.where('width').aboveOrEqual(76).primaryKeys(), len);
    await t('png rows bulkGet', out, () => db.items.bulkGet(png), len);
    await t('png rows via index toArray', out, () => db.items.where('ext').equals('png').toArray(), len);
    await t('all keys', out, () => db.items.toCollection().primaryKeys(), len);
    await t('count all', out, () => db.items.count(), (v) => v);
    throw new Skip(out.join(' | '));
  },
};
