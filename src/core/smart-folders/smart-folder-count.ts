/**
 * smartFolder/count (ours): how many items conditions that are not saved yet would hold, so an
 * editor can show a live count. Checked exactly as create/update check them (same messages and
 * field paths); under `parent` it counts within the parent's matches, as a saved child would.
 */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { requiredString } from '../http/input';
import { z } from 'zod';
import { conditionsSchema } from './conditions.schema';
import { matchConditions, matchTables, SmartFolderMatcher } from './match';
import { requireFolders } from './smart-folder.service';
import { lazyValue } from '../shared/lazy-value';

export const countInput = lazyValue(() => z.object({ conditions: conditionsSchema(), parent: requiredString().nullish() }));
export type CountInput = z.output<ReturnType<typeof countInput>>;

export async function countSmartFolderMatches(ctx: Context, input: CountInput): Promise<{ count: number }> {
  const { db } = await ctx.library();
  await requireFolders(db, input.conditions);
  const now = ctx.clock();
  const keys = await db.transaction('r', matchTables(db), async () => {
    let within: string[] | undefined;
    if (input.parent) {
      const matcher = await SmartFolderMatcher.open(db, now);
      if (!matcher.has(input.parent)) throw notFound(`No smart folder with id "${input.parent}" (field parent).`);
      within = await matcher.matches(input.parent);
    }
    return matchConditions(db, input.conditions, now, within);
  });
  return { count: keys.length };
}
