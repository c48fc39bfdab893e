/** The core: a framework-free implementation of the Library Asset Management Web API v2. */
export { createApi, LIBRARY_HEADER, type Api, type ApiDeps } from './api';
export { CHANGE_KINDS, type Change, type ChangeActions, type ChangeEvent, type ChangeKind } from './events/change';
export type { ChangeFeed } from './events/change-feed';
export { API_PREFIX, apiPathOf, apiPrefixFor } from './http/router';
