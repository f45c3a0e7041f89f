/**
 * Goes on with `value` at once when it is there, after it settles when it is a promise: what is
 * already in memory (a cached body, the in-memory quota) costs no promise hop.
 */
export function after<T, R>(value: T | Promise<T>, then: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/**
 * A value loaded on first use and kept: a promise until it is there, the value itself from then
 * on, so only the first callers wait. A load that fails is tried again by the next caller.
 */
export function loadOnce<T>(load: () => T | Promise<T>): () => T | Promise<T> {
  let loaded: { value: T } | undefined;
  let loading: Promise<T> | undefined;
  return () => {
    if (loaded) return loaded.value;
    loading ??= Promise.resolve(load()).then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}
