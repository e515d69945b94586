/**
 * `target` with some of its members replaced by `overrides`; every other member is `target`'s, its
 * methods bound to `target` once and reused (a wrapper on the sync server's write path is read on every
 * edit, so it must not make a new bound function at each call). Methods a later issue adds to `target`
 * pass through as they are.
 */
export function withOverrides<T extends object>(target: T, overrides: object): T {
  const bound = new Map<PropertyKey, { of: unknown; fn: unknown }>();
  return new Proxy(target, {
    get(object, property, receiver) {
      if (Object.hasOwn(overrides, property)) return (overrides as Record<PropertyKey, unknown>)[property];
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      const known = bound.get(property);
      if (known?.of === value) return known.fn;
      const fn = value.bind(object);
      bound.set(property, { of: value, fn });
      return fn;
    },
  });
}
