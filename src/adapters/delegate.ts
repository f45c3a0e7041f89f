/**
 * The members of a light stand-in (a Request or Response read straight from node:http) that it does
 * not keep itself, answered by the full object it makes once on first use.
 */
export function delegate<T>(
  light: object,
  full: (self: T) => object,
  { methods, getters = [] }: { methods: PropertyKey[]; getters?: PropertyKey[] },
) {
  for (const name of methods)
    Object.defineProperty(light, name, {
      value(this: T, ...args: unknown[]) {
        const target = full(this) as Record<PropertyKey, (...args: unknown[]) => unknown>;
        return target[name]!(...args);
      },
    });
  for (const name of getters)
    Object.defineProperty(light, name, {
      get(this: T) {
        return (full(this) as Record<PropertyKey, unknown>)[name];
      },
    });
}
