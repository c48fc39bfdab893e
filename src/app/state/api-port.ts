import type { ApiClient } from '../../client/api-client';

/** The part of ApiClient the stores use, so node tests can hand them a fake or a core on fake-indexeddb. */
export type ApiPort = Pick<ApiClient, 'get' | 'post'>;
