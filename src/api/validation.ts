/**
 * Request validation with zod, reported the spec's way: 400 INVALID_INPUT with every invalid
 * field in `details.errors[]` as `{ field, constraint?, message }`, field paths in dot notation
 * with array indices in brackets (`agreementConsents[0].type`). Issues are sorted by path so the
 * same request always reports the same list in the same order.
 */
import type { z } from 'zod';
import { type ApiError, type FieldConstraint, type FieldError, invalidInput } from '../core/errors.js';
import { toFieldErrors } from '../core/field-errors.js';
import { type Result, err, ok } from '../core/result.js';

/** Validates `input` against `schema`; on failure lists every invalid field. Pure. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): Result<T, ApiError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err(invalidInput(toFieldErrors(parsed.error.issues)));
}

export { fieldPath, toFieldErrors } from '../core/field-errors.js';

/** A field error for a check zod cannot express (cross-field rules). */
export function fieldError(field: string, message: string, constraint?: FieldConstraint): FieldError {
  return constraint === undefined ? { field, message } : { field, constraint, message };
}
