/**
 * A read-only view of the engine's state for callers: the same stores, read through proxies
 * whose mutators throw a TypeError, so that `engine.state.customers.byId.clear()` cannot change
 * an answer behind the log's back. The engine itself keeps writing the raw state; the view costs
 * nothing on the write or replay paths and one proxy hop per read through it.
 */

/**
 * Methods that change a store, refused through the view on every object, whatever its class: a
 * Map's, Set's, Array's or typed array's, the Ledger's (its queries, `checkTransfers` included,
 * change nothing), and the off-heap indexes' (`push` of the position lists, `noteSet` of the
 * customers' address hashes). One list for all, so that an index class added later is covered by
 * the names its mutators share, not by a class list here to keep in step.
 */
const MUTATORS: ReadonlySet<PropertyKey> = new Set([
  'set', 'delete', 'clear', 'add',
  'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin',
  'openAccount', 'createTransfers', 'applyPostedTransfer', 'postPending', 'voidPending', 'expirePending',
  'noteSet',
]);

function refuse(name: PropertyKey): never {
  throw new TypeError(`engine.state is read-only: ${String(name)} is not allowed (state changes only through handle, advance and replay)`);
}

/**
 * Wraps `root` so that nothing reachable from it can be changed through the wrapper. Frozen
 * values (the records) are handed out as they are; everything else gets one cached proxy, so
 * `view.customers === view.customers`.
 */
export function readonlyView<T extends object>(root: T): T {
  const cache = new WeakMap<object, object>();

  function wrap(value: unknown): unknown {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    if (typeof value === 'function' || Object.isFrozen(value)) return value;
    const cached = cache.get(value);
    if (cached !== undefined) return cached;
    const proxy = new Proxy(value, handler);
    cache.set(value, proxy);
    return proxy;
  }

  function* wrapAll(iterator: Iterable<unknown>): Generator<unknown> {
    for (const item of iterator) yield Array.isArray(item) && item.length === 2 && !Object.isFrozen(item) ? [wrap(item[0]), wrap(item[1])] : wrap(item);
  }

  // One handler for every proxy of the view.
  const handler: ProxyHandler<object> = {
    get(object, property) {
      // Maps, Sets and class instances keep internal slots or private fields: read them with
      // the real object as the receiver, never the proxy.
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return wrap(value);
      // The class itself, not a new wrapper each read: two views of lists of one class compare
      // as lists (a deep equality first checks that their constructors are the same).
      if (property === 'constructor') return value;
      if (MUTATORS.has(property)) return () => refuse(property);
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        const result = method.apply(object, args);
        // Iterators of collections hand out their (possibly mutable) values: wrap them too.
        if (result !== null && typeof result === 'object' && typeof (result as Iterator<unknown>).next === 'function' && Symbol.iterator in result) {
          return wrapAll(result as Iterable<unknown>);
        }
        return wrap(result);
      };
    },
    set: (_object, property) => refuse(property),
    defineProperty: (_object, property) => refuse(property),
    deleteProperty: (_object, property) => refuse(property),
    setPrototypeOf: () => refuse('setPrototypeOf'),
    preventExtensions: () => refuse('preventExtensions'),
  };

  return wrap(root) as T;
}
