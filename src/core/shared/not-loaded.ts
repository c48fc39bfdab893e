/**
 * Code that must run synchronously (inside an IndexedDB transaction, where nothing but Dexie may be
 * awaited, or inside a zod transform) but lives in a script loaded on first use throws `NotLoaded`
 * when that script is not there yet. Whoever can wait (the router, for a request) catches it,
 * awaits `load`, and runs the whole work again: a transaction the throw aborted left nothing behind,
 * and a parse has no effects. Writes load such code before their transaction instead (a write's
 * `prepare`), so a write never runs twice for it.
 */
export class NotLoaded extends Error {
  constructor(
    what: string,
    readonly load: () => Promise<unknown>,
  ) {
    super(`${what} was used before it was loaded.`);
    this.name = 'NotLoaded';
  }
}

/** Runs `work`; each time it stops on something not loaded yet, loads that and runs it again. */
export async function whenLoaded<T>(work: () => Promise<T>): Promise<T> {
  const tried = new Set<NotLoaded['load']>();
  for (;;) {
    try {
      return await work();
    } catch (error) {
      // A load that did not make its code usable would loop: the second stop on it is an error.
      if (!(error instanceof NotLoaded) || tried.has(error.load)) throw error;
      tried.add(error.load);
      await error.load();
    }
  }
}
