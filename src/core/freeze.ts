/**
 * Deep freezing in place, for records the evolvers store. A record comes from an event's `data`,
 * which the engine made (deciders) or parsed from the log, so it is frozen where it is instead of
 * being copied first: one pass, no clone. Subtrees that are already frozen are skipped, so a
 * record spread from a stored (frozen) one costs one pass over its own keys.
 */

/**
 * Freezes `value` and everything reachable from it through enumerable properties, in place;
 * returns `value`. Already-frozen objects are not entered (their contents are frozen too, since
 * only this function and `Object.freeze` of leaves make them). For plain data (records, arrays):
 * inherited enumerable properties would be walked too, and plain objects have none.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeTree(value);
  return value;
}

// Replay runs this once per stored record: primitives (most values) are tested inline, without a
// call, and for-in over a plain object uses V8's enum cache where Object.values would allocate.
function freezeTree(object: object): void {
  Object.freeze(object);
  if (Array.isArray(object)) {
    for (const inner of object as unknown[]) if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) freezeTree(inner);
    return;
  }
  for (const key in object) {
    const inner = (object as Record<string, unknown>)[key];
    if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) freezeTree(inner);
  }
}

/**
 * `T` without `readonly`: the type of a record being built before it is frozen (the record
 * builders of quotes, card transactions and incoming payments).
 */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
