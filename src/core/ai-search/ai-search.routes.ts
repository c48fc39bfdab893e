/**
 * AI search: this web build ships no embedding model, so the plugin reports itself not installed
 * and searches answer 503 UNAVAILABLE after validating their input (decisions.md: never made-up
 * results). The recommended client call order (isInstalled first) therefore stops cleanly.
 */
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { integer, noInput } from '../http/input';
import { route } from '../http/router';
import { countLiveItems } from '../storage/counts';

const limitField = () => integer().pipe(z.number().min(1, 'must be 1 or more').max(1000, 'must be at most 1000'));
const options = () => z.object({ limit: limitField().optional() }).optional();

const byText = z.lazy(() => z
  .object({ query: z.string().optional(), text: z.string().optional(), options: options(), limit: limitField().optional() })
  .refine((b) => (b.query ?? b.text ?? '').trim() !== '', { message: 'is required (a non-empty string)', path: ['query'] }));
const byBase64 = z.lazy(() => z.object({ base64: z.string().min(1, 'is required'), options: options(), limit: limitField().optional() }));
const byItem = z.lazy(() => z.object({ itemId: z.string().min(1, 'is required'), options: options(), limit: limitField().optional() }));

const notInstalled = async (): Promise<never> => {
  throw new ApiError('UNAVAILABLE', 'AI search is not installed in this web build: check /api/v2/aiSearch/isInstalled before searching.');
};

export const aiSearchRoutes = [
  route('GET', '/aiSearch/isInstalled', noInput, async () => false),
  route('GET', '/aiSearch/isReady', noInput, async () => false),
  route('GET', '/aiSearch/isStarting', noInput, async () => false),
  route('GET', '/aiSearch/isSyncing', noInput, async () => false),
  route('GET', '/aiSearch/getSyncStatus', noInput, async (ctx) => ({
    isSyncing: false,
    syncedCount: 0,
    totalCount: await countLiveItems((await ctx.library()).db),
    progress: 0,
  })),
  route('GET', '/aiSearch/checkServiceHealth', noInput, async () => ({ healthy: false })),
  route('POST', '/aiSearch/searchByText', byText, notInstalled),
  route('POST', '/aiSearch/searchByBase64', byBase64, notInstalled),
  route('POST', '/aiSearch/searchByItemId', byItem, notInstalled),
];
