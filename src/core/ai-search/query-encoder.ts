/**
 * The sentence encoder as a text search calls it: a model that cannot load (its files missing and
 * out of reach, docs/decisions/lazy-models.md) is an outcome with the reason, never a thrown error
 * (which would answer a 500): the search then answers what the other signals find and says why
 * meaning is missing.
 */
import type { Context } from '../context';
import type { Embed } from './meaning-calibration';
import { missingModelsMessage } from './model-files';

export interface QueryEncoder {
  embed: Embed | undefined;
  /** Why the encoder could not run, once a call failed. */
  failure(): string | undefined;
}

export function queryEncoder(ctx: Context): QueryEncoder {
  const raw = ctx.imageProcessor?.embedTexts?.bind(ctx.imageProcessor);
  let failure: string | undefined;
  const embed: Embed | undefined = raw && (async (sentences) => {
    try {
      return await raw(sentences);
    } catch (error) {
      const files = (await ctx.modelFiles?.files().catch(() => undefined)) ?? [];
      failure = missingModelsMessage(files) ?? `The sentence encoder did not load: ${error instanceof Error ? error.message : String(error)}`;
      return { status: 'needs-page', reason: failure };
    }
  });
  return { embed, failure: () => failure };
}
