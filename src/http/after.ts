/**
 * Goes on with `value` at once when it is there, after it settles when it is a promise: what is
 * already in memory (a cached body, the in-memory quota) costs no promise hop.
 */
export function after<T, R>(value: T | Promise<T>, then: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}
