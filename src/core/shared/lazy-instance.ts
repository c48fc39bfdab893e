/**
 * One instance of a lazily loaded class, made on first use; a failed make is tried again by the
 * next use. `made()`: the instance if its making has begun, without starting it (to wait for the
 * work of one that exists, and never load one just to wait for it).
 */
export function lazyInstance<T>(make: () => Promise<T>): { get: () => Promise<T>; made: () => Promise<T> | undefined } {
  let instance: Promise<T> | undefined;
  return {
    get: () =>
      (instance ??= make().catch((error: unknown) => {
        instance = undefined;
        throw error;
      })),
    made: () => instance,
  };
}
