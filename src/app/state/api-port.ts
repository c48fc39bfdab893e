/** The part of ApiClient the stores use, so node tests can hand them a fake or a core on fake-indexeddb. */
export interface ApiPort {
  get<T>(path: string, query?: Record<string, string | number | boolean | readonly string[] | undefined>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}
