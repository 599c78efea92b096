/**
 * Deep freezing in place, for records the evolvers store. A record comes from an event's `data`,
 * which the engine made (deciders) or parsed from the log, so it is frozen where it is instead of
 * being copied first: one pass, no clone. Subtrees that are already frozen are skipped, so a
 * record spread from a stored (frozen) one costs one pass over its own keys.
 *
 * Strings are left as they are. Stop 20 interned them here (one instance of each repeated status,
 * currency or id for every record); since the growing stores pack their settled records (stop
 * 21, `packed-record-map.ts`), only their last few hundred records hold strings at all, and the
 * interning cost ~8% of a replay's CPU for ~3% of an engine's memory (docs/architecture.md).
 */

/**
 * Freezes `value` and everything reachable from it through enumerable properties, in place;
 * returns `value`. Already-frozen objects are not entered (their contents are frozen too, since
 * only this function and `Object.freeze` of leaves make them). For plain data (records, arrays):
 * inherited enumerable properties would be walked too, and plain objects have none.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) frozenTree(value);
  return value;
}

// Replay runs this once per stored record: primitives (most values) are tested inline, without a
// call, and for-in over a plain object uses V8's enum cache where Object.values would allocate.
// Children first, then the object. Stored data is JSON (no cycles).
function frozenTree(object: object): void {
  if (Array.isArray(object)) {
    const array = object as unknown[];
    for (let i = 0; i < array.length; i += 1) {
      const inner = array[i];
      if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) frozenTree(inner);
    }
  } else {
    const record = object as Record<string, unknown>;
    for (const key in record) {
      const inner = record[key];
      if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) frozenTree(inner);
    }
  }
  Object.freeze(object);
}

/**
 * `T` without `readonly`: the type of a record being built before it is frozen (the record
 * builders of quotes, card transactions and incoming payments).
 */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
