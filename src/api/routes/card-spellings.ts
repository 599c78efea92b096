/**
 * The reference's names of card request fields beside the spec copy's (issue 12): `cardholderId`
 * is `customerId`, `fundingSources` (one id: DECISIONS.md binds a card to one funding source) is
 * `[fundingSource]`, `state` is `status`. Either name may be given; both given must say the same,
 * else 400 naming the reference's field and the rule. The copy's name is what the engine keeps.
 * Pure; tolerant of malformed input (zod reports shapes).
 */
import type { FieldError } from '../../core/errors.js';

/** One field the reference spells otherwise: the copy's name and the reference's. */
type Spelling = { readonly copy: string; readonly reference: string; readonly list: boolean };

/** `customerId` / `cardholderId` and `fundingSource` / `fundingSources`, on `POST /cards`. */
export const CREATE_SPELLINGS: readonly Spelling[] = [
  { copy: 'customerId', reference: 'cardholderId', list: false },
  { copy: 'fundingSource', reference: 'fundingSources', list: true },
];

/** `status` / `state` and `fundingSource` / `fundingSources`, on `PATCH /cards/{cardId}`. */
export const PATCH_SPELLINGS: readonly Spelling[] = [
  { copy: 'status', reference: 'state', list: false },
  { copy: 'fundingSource', reference: 'fundingSources', list: true },
];

/** `customerId` / `cardholderId` and `status` / `state`, in the query of `GET /cards`. */
export const LIST_SPELLINGS: readonly Spelling[] = [
  { copy: 'customerId', reference: 'cardholderId', list: false },
  { copy: 'status', reference: 'state', list: false },
];

/**
 * The errors of names given both ways that disagree, or (when `required`) given neither way, on
 * the raw body; a reference value of the wrong shape is left to the schema.
 */
export function spellingErrors(body: unknown, spellings: readonly Spelling[], required: boolean): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const raw = body as Readonly<Record<string, unknown>>;
  const errors: FieldError[] = [];
  for (const { copy, reference, list } of spellings) {
    const copyValue = raw[copy];
    const referenceValue = raw[reference];
    if (referenceValue === undefined) {
      if (required && copyValue === undefined) errors.push({ field: copy, message: `${copy} (or the reference's ${reference}) is required` });
      continue;
    }
    const folded = list ? (Array.isArray(referenceValue) && referenceValue.length === 1 ? referenceValue[0] : undefined) : referenceValue;
    if (copyValue !== undefined && folded !== undefined && copyValue !== folded) {
      errors.push({ field: reference, message: `${reference} is the reference's name of ${copy}: give one, or both with the same value` });
    }
  }
  return errors;
}

/** A validated body with each reference name folded into the copy's (a one-id list becomes its id) and removed. */
export function foldSpellings<T extends object>(value: T, spellings: readonly Spelling[]): T {
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const { copy, reference, list } of spellings) {
    const referenceValue = out[reference];
    delete out[reference];
    if (referenceValue === undefined) continue;
    out[copy] = list && Array.isArray(referenceValue) ? referenceValue[0] : referenceValue;
  }
  return out as T;
}
