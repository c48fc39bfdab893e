/**
 * A list whose entries come from code loaded on first use, for readers that must read it
 * synchronously (inside an IndexedDB transaction, which ends at an await on anything but a
 * request, so it cannot wait for a script): `load()` first, then read. A read before the load is
 * a bug, and throws rather than answering an empty list that would leave indexes behind.
 */
export interface LoadedList<T> {
  readonly entries: readonly T[];
  load(): Promise<void>;
}

export function loadedList<T>(what: string, load: () => Promise<readonly T[]>): LoadedList<T> {
  const target: T[] = [];
  let loaded = false;
  const entries = new Proxy(target, {
    get: (list, key, receiver) => {
      if (!loaded) throw new Error(`${what} were read before they were loaded.`);
      return Reflect.get(list, key, receiver) as unknown;
    },
  });
  let loading: Promise<void> | undefined;
  return {
    entries,
    // Loaded once; a failed load is tried again by the next call.
    load: () =>
      (loading ??= load().then(
        (made) => {
          target.push(...made);
          loaded = true;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}
