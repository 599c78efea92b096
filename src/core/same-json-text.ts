/**
 * Whether two JSON values print as the same JSON text, key order included: what an answer replayed
 * byte for byte must keep. Sound in one direction only: true means `JSON.stringify` prints both
 * alike; values that print alike through JSON's own losses (NaN and null, a key whose value is
 * undefined and no key) may answer false, so a caller falls back to keeping the value itself.
 */
export function sameJsonText(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && sameItems(a, b);
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i += 1) {
    const key = keysA[i]!;
    if (key !== keysB[i] || !sameJsonText((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!sameJsonText(a[i], b[i])) return false;
  return true;
}
