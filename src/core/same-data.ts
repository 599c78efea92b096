/**
 * Whether two data values are the same exactly: the same keys in the same order (for-in's, a
 * shape's), the same primitives by `Object.is` (`-0` is not 0, `undefined` is a value), arrays
 * item by item. So true also means `JSON.stringify` prints both alike: what the record codec needs
 * to leave a field equal to its base's out of a record's bytes, and what an idempotent answer kept
 * as its quote needs to be replayed byte for byte. Values that print alike through JSON's losses
 * (-0 and 0, NaN and null, a key whose value is undefined and no key) may answer false, so a caller
 * keeps the value itself then.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys: string[] = [];
  for (const key in left) keys.push(key);
  let k = 0;
  for (const key in right) {
    if (keys[k] !== key || !sameData(left[key], right[key])) return false;
    k += 1;
  }
  return k === keys.length;
}
