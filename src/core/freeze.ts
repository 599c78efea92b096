/**
 * Deep freezing in place, for records the evolvers store. A record comes from an event's `data`,
 * which the engine made (deciders) or parsed from the log, so it is frozen where it is instead of
 * being copied first: one pass, no clone. Subtrees that are already frozen are skipped, so a
 * record spread from a stored (frozen) one costs one pass over its own keys. Before an object is
 * frozen its string values are replaced by their interned instances (`core/intern.ts`): equal
 * values, one copy shared by every record, where a parsed log gives each record its own.
 */
import { interned, sharedLeaf } from './intern.js';

/**
 * Freezes `value` and everything reachable from it through enumerable properties, in place;
 * returns `value`. String values are replaced by equal interned ones before their object is
 * frozen. Already-frozen objects are not entered (their contents are frozen too, since
 * only this function and `Object.freeze` of leaves make them). For plain data (records, arrays):
 * inherited enumerable properties would be walked too, and plain objects have none.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) frozenTree(value, false);
  return value;
}

// Replay runs this once per stored record: primitives (most values) are tested inline, without a
// call, and for-in over a plain object uses V8's enum cache where Object.values would allocate.
// Children first, then the object: its strings are replaced by their interned instances in the
// same pass, which a frozen object would refuse. Stored data is JSON (no cycles). A nested object
// of strings only may come back as an equal one already stored (`sharedLeaf`), which its parent
// then holds instead; the value passed to `deepFreeze` itself is always the one frozen.
function frozenTree(object: object, shareable: boolean): object {
  if (Array.isArray(object)) {
    const array = object as unknown[];
    for (let i = 0; i < array.length; i += 1) {
      const inner = array[i];
      if (typeof inner === 'string') array[i] = interned(inner);
      else if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) array[i] = frozenTree(inner, true);
    }
    return Object.freeze(object);
  }
  const record = object as Record<string, unknown>;
  let strings = true;
  for (const key in record) {
    const inner = record[key];
    if (typeof inner === 'string') record[key] = interned(inner);
    else {
      strings = false;
      if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) record[key] = frozenTree(inner, true);
    }
  }
  return shareable && strings ? sharedLeaf(record) : Object.freeze(record);
}

/**
 * `T` without `readonly`: the type of a record being built before it is frozen (the record
 * builders of quotes, card transactions and incoming payments).
 */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
