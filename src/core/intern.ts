/**
 * One instance per repeated short string in stored records. A replay parses every event afresh,
 * so the same status, currency, rail or customer id arrives as a new string in each record that
 * holds it (JSON.parse does not share string values); `deepFreeze` passes the strings of the
 * records it stores through `interned`, so records share one copy. Values are unchanged: only
 * which string object holds them.
 *
 * The table is bounded: when full it starts again empty, so strings that never repeat (a
 * transaction's own id, its instants, its amounts) cost a table slot for a while and nothing
 * after, while frequent ones come back at their next use. At most `INTERN_TABLE_MAX` strings of
 * at most `INTERN_LENGTH_MAX` UTF-16 units are held (~0.5 MB), whatever the engine's size.
 */

/** Longer strings are not interned: ids of the platform's resources are at most ~52 units. */
export const INTERN_LENGTH_MAX = 64;
/** Entries before the table starts again empty. */
export const INTERN_TABLE_MAX = 4_096;

let table = new Map<string, string>();

/** The interned instance of `value` (equal to it), or `value` itself when too long. */
export function interned(value: string): string {
  const length = value.length;
  if (length > INTERN_LENGTH_MAX || (length > 2 && isLikelyUnique(value))) return value;
  const known = table.get(value);
  if (known !== undefined) return known;
  if (table.size >= INTERN_TABLE_MAX) table = new Map();
  table.set(value, value);
  return value;
}

/** Leaf objects with more keys are not shared (rail details, counterparty information: rare). */
export const SHARED_LEAF_KEYS_MAX = 6;

let leaves = new Map<string, object>();

/**
 * A frozen object already stored with the same keys in the same order and the same string values
 * as `leaf` (a source, a destination, a quote's rate details: the same few for every record of
 * an account), or `leaf` itself, frozen, remembered for the next equal one. `leaf` must be an
 * unfrozen plain object whose strings are interned; one with a value other than such a string
 * (a number, an object, an instant, an amount) or with many keys is only frozen.
 */
export function sharedLeaf(leaf: Record<string, unknown>): object {
  let key = '';
  let keys = 0;
  for (const name in leaf) {
    const value = leaf[name];
    keys += 1;
    if (typeof value !== 'string' || keys > SHARED_LEAF_KEYS_MAX || (value.length > 2 && isLikelyUnique(value))) return Object.freeze(leaf);
    key = `${key}${name}\u0000${value}\u0001`;
  }
  const known = leaves.get(key);
  if (known !== undefined) return known;
  if (leaves.size >= INTERN_TABLE_MAX) leaves = new Map();
  leaves.set(key, Object.freeze(leaf));
  return leaf;
}

/** Empties both tables (the next strings and leaves start them again): for measurements and tests. */
export function resetInterning(): void {
  table = new Map();
  leaves = new Map();
}

/** How many strings the table holds now (at most `INTERN_TABLE_MAX`). */
export function internedCount(): number {
  return table.size;
}

/**
 * Instants (`2026-01-05T16:00:25.002Z`), amounts and rates (`1388`, `-42`, `0.9213`) begin with a
 * digit or a minus and rarely repeat beyond two characters: looking them up would only churn the
 * table (hashing a freshly parsed string is most of what interning costs).
 */
function isLikelyUnique(value: string): boolean {
  const first = value.charCodeAt(0);
  return (first >= 48 && first <= 57) || first === 45;
}
