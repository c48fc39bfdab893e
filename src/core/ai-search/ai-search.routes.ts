/**
 * AI search: this web build ships no embedding model, so the plugin reports itself not installed
 * and searches answer 503 UNAVAILABLE after validating their input (decisions.md: never made-up
 * results). The recommended client call order (isInstalled first) therefore stops cleanly.
 */
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { integer } from '../http/input';
import { route } from '../http/router';
import { countLiveItems } from '../storage/counts';

const limitField = integer().pipe(z.number().min(1, 'must be 1 or more').max(1000, 'must be at most 1000'));
const options = z.object({ limit: limitField.optional() }).optional();

const byText = z
  .object({ query: z.string().optional(), text: z.string().optional(), options, limit: limitField.optional() })
  .refine((b) => (b.query ?? b.text ?? '').trim() !== '', { message: 'is required (a non-empty string)', path: ['query'] });
const byBase64 = z.object({ base64: z.string().min(1, 'is required'), options, limit: limitField.optional() });
const byItem = z.object({ itemId: z.string().min(1, 'is required'), options, limit: limitField.optional() });

const notInstalled = async (): Promise<never> => {
  throw new ApiError('UNAVAILABLE', 'AI search is not installed in this web build: check /api/v2/aiSearch/isInstalled before searching.');
};

const none = z.object({});

export const aiSearchRoutes = [
  route('GET', '/aiSearch/isInstalled', none, async () => false),
  route('GET', '/aiSearch/isReady', none, async () => false),
  route('GET', '/aiSearch/isStarting', none, async () => false),
  route('GET', '/aiSearch/isSyncing', none, async () => false),
  route('GET', '/aiSearch/getSyncStatus', none, async (ctx) => ({
    isSyncing: false,
    syncedCount: 0,
    totalCount: await countLiveItems((await ctx.library()).db),
    progress: 0,
  })),
  route('GET', '/aiSearch/checkServiceHealth', none, async () => ({ healthy: false })),
  route('POST', '/aiSearch/searchByText', byText, notInstalled),
  route('POST', '/aiSearch/searchByBase64', byBase64, notInstalled),
  route('POST', '/aiSearch/searchByItemId', byItem, notInstalled),
];
