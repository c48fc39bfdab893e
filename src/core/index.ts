/** The core: a framework-free implementation of the Library Asset Management Web API v2. */
export { createApi, LIBRARY_HEADER, type Api, type ApiDeps } from './api';
export type { Notice } from './context';
export { API_PREFIX, apiPathOf, apiPrefixFor } from './http/router';
