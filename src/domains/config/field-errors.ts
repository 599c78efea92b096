/**
 * Helpers for validation rules that span fields: merging field error lists the spec's way
 * (duplicates dropped, sorted by field, so the same request always gets the same list) and
 * walking raw arrays whose shape zod reports separately.
 */
/** Re-exported for the config domain's callers; the one implementation lives in core. */
export { mergeFieldErrors } from '../../core/errors.js';

/** The `[index, object]` entries of `value` when it is an array; non-objects are skipped (zod reports them). */
export function objectEntries(value: unknown): readonly (readonly [number, Readonly<Record<string, unknown>>])[] {
  if (!Array.isArray(value)) return [];
  const out: [number, Readonly<Record<string, unknown>>][] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) out.push([index, item as Record<string, unknown>]);
  });
  return out;
}

/**
 * `value` as text for a duplicate-entry key, or undefined when it is not a primitive: `String()`
 * of a hostile object (a `toString` that is not a function) throws, and zod reports its type.
 * @example keyPart('USD') === 'USD'; keyPart(undefined) === 'undefined'; keyPart({}) === undefined
 */
export function keyPart(value: unknown): string | undefined {
  return typeof value === 'object' || typeof value === 'function' ? (value === null ? 'null' : undefined) : String(value);
}

/** The parts joined by `separator`, or undefined when one is not a primitive (see `keyPart`). */
export function entryKey(separator: string, ...values: readonly unknown[]): string | undefined {
  const parts: string[] = [];
  for (const value of values) {
    const part = keyPart(value);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts.join(separator);
}
