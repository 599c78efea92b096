/**
 * Zod issues as the spec's field errors (`{ field, constraint?, message }`, dot paths with
 * bracketed indices, sorted by field). Here rather than in api/ because deciders that validate
 * an uploaded form or a CSV row need it too, and domains may not import the API layer.
 */
import type { z } from 'zod';
import { type FieldConstraint, type FieldError, byField } from './errors.js';

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
