/**
 * Deep freezing in place, for records the evolvers store. A record comes from an event's `data`,
 * which the engine made (deciders) or parsed from the log, so it is frozen where it is instead of
 * being copied first: one pass, no clone. Subtrees that are already frozen are skipped, so a
 * record spread from a stored (frozen) one costs one pass over its own keys.
 */

/**
 * Freezes `value` and everything reachable from it through own enumerable properties, in place;
 * returns `value`. Already-frozen objects are not entered (their contents are frozen too, since
 * only this function and `Object.freeze` of leaves make them).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key in value) {
      if (Object.prototype.hasOwnProperty.call(value, key)) deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
