/**
 * AI search with what this build has (docs/decisions/ai-search.md): visual descriptors made beside
 * every thumbnail answer searchByItemId and searchByBase64, and the colours they measure answer
 * the colour words of searchByText.
 */
import { noInput } from '../http/input';
import { route } from '../http/router';
import { byBase64Input, byItemInput, byTextInput } from './ai-search.schema';
import { searchByBase64, searchByItemId, searchByText } from './ai-search.service';
import { serviceHealth, syncStatus } from './ai-status';

export const aiSearchRoutes = [
  route('GET', '/aiSearch/isInstalled', noInput, async () => true),
  route('GET', '/aiSearch/isReady', noInput, async () => true),
  route('GET', '/aiSearch/isStarting', noInput, async () => false),
  route('GET', '/aiSearch/isSyncing', noInput, async (ctx) => (await syncStatus(ctx)).isSyncing),
  route('GET', '/aiSearch/getSyncStatus', noInput, syncStatus),
  route('GET', '/aiSearch/checkServiceHealth', noInput, serviceHealth),
  route('POST', '/aiSearch/searchByText', byTextInput, searchByText),
  route('POST', '/aiSearch/searchByBase64', byBase64Input, searchByBase64),
  route('POST', '/aiSearch/searchByItemId', byItemInput, searchByItemId),
];
