/**
 * A module imported on first use, once. In the service worker each `import()` of our own code is
 * a script of its own beside sw.js (tools/vite-plugin-service-worker.ts), so a feature that the
 * first answer after a start never touches (sync, publishing, the Eagle library import and export,
 * AI search) costs that start nothing (docs/decisions/service-worker-startup.md). A failed load is
 * tried again by the next use.
 */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  return lazyOnce(load).get;
}

/**
 * One value made on first use, once (a module, or an instance of a lazily loaded class): `get`
 * makes it, `made` tells whether anything has asked yet. A failed making is tried again by the next `get`.
 */
export function lazyOnce<T>(make: () => Promise<T>): { get: () => Promise<T>; made: () => Promise<T> | undefined } {
  let making: Promise<T> | undefined;
  return {
    get: () =>
      (making ??= make().catch((error: unknown) => {
        making = undefined;
        throw error;
      })),
    made: () => making,
  };
}

type AnyFunction = (...args: never[]) => unknown;
type FunctionKeys<M> = { [K in keyof M]: M[K] extends AnyFunction ? K : never }[keyof M];

/**
 * A function of a lazily loaded module, callable at once: the call loads the module on first use,
 * then forwards (route handlers whose code lives in a feature's own script).
 */
export function lazyFunction<M, K extends FunctionKeys<M>>(module: () => Promise<M>, name: K): M[K] {
  const call = async (...args: unknown[]) => ((await module())[name] as (...args: unknown[]) => unknown)(...args);
  return call as M[K];
}
