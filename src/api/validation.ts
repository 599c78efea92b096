/**
 * Request validation with zod, reported the spec's way: 400 INVALID_INPUT with every invalid
 * field in `details.errors[]` as `{ field, constraint?, message }`, field paths in dot notation
 * with array indices in brackets (`agreementConsents[0].type`). Issues are sorted by path so the
 * same request always reports the same list in the same order.
 */
import type { z } from 'zod';
import { type ApiError, type FieldConstraint, type FieldError, invalidInput, byField } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';

/** Validates `input` against `schema`; on failure lists every invalid field. Pure. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): Result<T, ApiError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err(invalidInput(toFieldErrors(parsed.error.issues)));
}

/** Joins a zod path as `a.b[0].c`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? 'body' : out;
}

/** Maps zod issues to FieldErrors, one per field and reason, sorted by field. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ field: fieldPath([...issue.path, key]), message: 'Unknown field' });
      }
      continue;
    }
    const constraint = constraintOf(issue);
    const field = fieldPath(issue.path);
    out.push(constraint === undefined ? { field, message: issue.message } : { field, constraint, message: issue.message });
  }
  return out.sort(byField);
}

function constraintOf(issue: z.core.$ZodIssue): FieldConstraint | undefined {
  switch (issue.code) {
    case 'invalid_value':
      return { enum: issue.values.map(String) };
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue && typeof issue.pattern === 'string'
        ? { pattern: issue.pattern }
        : { format: issue.format };
    case 'too_small':
      return issue.origin === 'string' ? { minLength: Number(issue.minimum) } : undefined;
    case 'too_big':
      return issue.origin === 'string' ? { maxLength: Number(issue.maximum) } : undefined;
    default:
      return undefined;
  }
}

/** A field error for a check zod cannot express (cross-field rules). */
export function fieldError(field: string, message: string, constraint?: FieldConstraint): FieldError {
  return constraint === undefined ? { field, message } : { field, constraint, message };
}
