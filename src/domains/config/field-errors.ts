/**
 * Helpers for validation rules that span fields: merging field error lists the spec's way
 * (duplicates dropped, sorted by field, so the same request always gets the same list) and
 * walking raw arrays whose shape zod reports separately.
 */
import type { FieldError } from '../../core/errors.js';

/** Concatenates field error lists, drops exact repeats, sorts by field (stable). Pure. */
export function mergeFieldErrors(...lists: readonly (readonly FieldError[])[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of lists.flat()) {
    const key = `${error.field}\u0000${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

/** The `[index, object]` entries of `value` when it is an array; non-objects are skipped (zod reports them). */
export function objectEntries(value: unknown): readonly (readonly [number, Readonly<Record<string, unknown>>])[] {
  if (!Array.isArray(value)) return [];
  const out: [number, Readonly<Record<string, unknown>>][] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) out.push([index, item as Record<string, unknown>]);
  });
  return out;
}
