/**
 * Values built once per process on first use (a Lambda cold start, or the local stack), so that
 * importing a module has no side effects and a function builds only what its area needs.
 * `resetLazyValues` forgets them all, so the next use reads the environment again (the local
 * stack after it changed the environment, tests).
 */
const resetters = new Set<() => void>();

export function lazy<T>(build: () => T, dispose?: (value: T) => void): () => T {
  let value: { current: T } | undefined;
  resetters.add(() => {
    if (value && dispose) dispose(value.current);
    value = undefined;
  });
  return () => {
    value ??= { current: build() };
    return value.current;
  };
}

export function resetLazyValues(): void {
  for (const reset of resetters) reset();
}
