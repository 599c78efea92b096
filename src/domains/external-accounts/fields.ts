/**
 * zod builders for the fields of external account requests, each failing with a message that
 * names the field's dot path (`accountInfo.routingNumber is required`). Shared by the
 * beneficiary and `accountInfo` schemas; a table field (account-types.ts `FieldSpec`) becomes a
 * schema through `tableField`.
 */
import { z } from 'zod';
import { isCountryCode } from '../customers/countries.js';
import type { FieldSpec } from './account-types.js';

/** Longest name-like text: names, bank names, address lines, ids and references. */
export const NAME_LENGTH_MAX = 255;
/** Longest postal code. */
export const POSTAL_CODE_LENGTH_MAX = 16;

/** A string; `field is required` when absent, `field must be a string` otherwise. */
export function str(field: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) });
}

/** A non-empty string of at most `max` characters. */
export function text(field: string, max: number) {
  return str(field)
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** One of `values`. */
export function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be one of ${values.join(', ')}`),
  });
}

/** An assigned ISO 3166-1 alpha-2 code. */
export function country(field: string) {
  return str(field)
    .regex(/^[A-Z]{2}$/, { error: `${field} must be an ISO 3166-1 alpha-2 code such as US`, abort: true })
    .refine(isCountryCode, { error: `${field} is not an assigned ISO 3166-1 alpha-2 code` });
}

/**
 * A beneficiary's postal address: the reference's Address, whose `city` is optional (issue 12:
 * nothing required that the reference leaves optional; the copy names no beneficiary fields).
 */
export function addressSchema(path: string) {
  return z.strictObject(
    {
      line1: text(`${path}.line1`, NAME_LENGTH_MAX),
      line2: text(`${path}.line2`, NAME_LENGTH_MAX).optional(),
      city: text(`${path}.city`, NAME_LENGTH_MAX).optional(),
      state: text(`${path}.state`, NAME_LENGTH_MAX).optional(),
      postalCode: text(`${path}.postalCode`, POSTAL_CODE_LENGTH_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, {
        error: `${path}.postalCode may hold only letters, digits, spaces and hyphens`,
      }),
      country: country(`${path}.country`),
    },
    { error: (issue) => (issue.input === undefined ? `${path} is required` : `${path} must be an object`) },
  );
}

/**
 * The schema of one table field at `path`: the reference's enum, or a string with its length
 * bounds and pattern (checked in that order, the first failure reported). Optional unless the
 * spec says required.
 */
export function tableField(path: string, spec: FieldSpec): z.ZodType<string | undefined> {
  const schema = spec.enum === undefined ? patterned(path, spec) : choice(path, spec.enum as readonly string[] as [string, ...string[]]);
  return spec.required === true ? schema : schema.optional();
}

function patterned(path: string, spec: FieldSpec) {
  let schema = str(path);
  if (spec.minLength !== undefined) schema = schema.min(spec.minLength, { error: `${path} must not be shorter than ${spec.minLength} characters`, abort: true });
  if (spec.maxLength !== undefined) schema = schema.max(spec.maxLength, { error: `${path} must be at most ${spec.maxLength} characters`, abort: true });
  if (spec.pattern !== undefined) schema = schema.regex(new RegExp(spec.pattern), { error: `${path} must be ${spec.patternText ?? `of the form ${spec.pattern}`}` });
  return schema;
}
