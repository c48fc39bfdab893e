/**
 * AI search with what this build has (docs/decisions/ai-search.md): visual descriptors made beside
 * every thumbnail answer searchByItemId and searchByBase64, and the colours they measure answer
 * the colour words of searchByText.
 */
import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { lazyFunction, lazyModule } from '../shared/lazy-module';
import { byBase64Input, byItemInput, byTextInput, statusInput } from './ai-search.schema';
import { isReady, isStarting, serviceHealth, syncStatus } from './ai-status';

// The searches' code (scoring, the vector scans, colour matching) is loaded by the first search, not at every worker start.
const service = lazyModule(() => import('./ai-search.service'));

export const aiSearchRoutes = [
  route('GET', '/aiSearch/isInstalled', noInput, async () => true),
  route('GET', '/aiSearch/isReady', statusInput, isReady),
  route('GET', '/aiSearch/isStarting', statusInput, isStarting),
  route('GET', '/aiSearch/isSyncing', statusInput, async (ctx, input) => (await syncStatus(ctx, input)).isSyncing),
  route('GET', '/aiSearch/getSyncStatus', statusInput, syncStatus),
  route('GET', '/aiSearch/checkServiceHealth', noInput, serviceHealth),
  route('POST', '/aiSearch/searchByText', byTextInput, lazyFunction(service, 'searchByText'), { writes: false }),
  route('POST', '/aiSearch/searchByBase64', byBase64Input, lazyFunction(service, 'searchByBase64'), { writes: false }),
  route('POST', '/aiSearch/searchByItemId', byItemInput, lazyFunction(service, 'searchByItemId'), { writes: false }),
];
