/**
 * Inputs of the aiSearch searches. Public clients also send `text` for `query` and a top-level
 * `limit` (docs/contract.md#ai-search); `options.limit` wins when both are sent.
 */
import { z } from 'zod';
import { closedObject, flag, integer } from '../http/input';
import { lazyValue } from '../shared/lazy-value';

export const DEFAULT_LIMIT = 20;

const limitField = () => integer().pipe(z.number().min(1, 'must be 1 or more').max(1000, 'must be at most 1000'));
const options = () => z.object({ limit: limitField().optional() }).optional();

export const byTextInput = lazyValue(() =>
  z
    .object({ query: z.string().optional(), text: z.string().optional(), options: options(), limit: limitField().optional() })
    .refine((b) => (b.query ?? b.text ?? '').trim() !== '', { message: 'is required (a non-empty string)', path: ['query'] }),
);
export const byBase64Input = lazyValue(() => z.object({ base64: z.string().min(1, 'is required'), options: options(), limit: limitField().optional() }));
/** A file of the user's CLIP model, by the name its manifest gives it (ours). */
/** The CLIP model's remove takes no field, and refuses one (ours: no public client sends it). */
export const clipRemoveInput = lazyValue(() => closedObject({}));

export const clipFileInput = lazyValue(() => z.object({ name: z.string().min(1, 'is required') }));

export const byItemInput = lazyValue(() => z.object({ itemId: z.string().min(1, 'is required'), options: options(), limit: limitField().optional() }));

/** The status routes: `watch` reads without starting anything (the app's status bar, which must not download models at app open). */
export const statusInput = lazyValue(() => z.object({ watch: flag().optional() }));

export const limitOf = (input: { options?: { limit?: number } | undefined; limit?: number | undefined }) =>
  input.options?.limit ?? input.limit ?? DEFAULT_LIMIT;
