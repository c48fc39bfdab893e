/**
 * A value made on first use and kept: for module-level tables and compiled patterns that would
 * otherwise be built by every service-worker start, before its first answer, whether or not that
 * answer needs them (docs/decisions/service-worker-startup.md).
 */
export function lazyValue<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
