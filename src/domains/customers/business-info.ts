/**
 * `businessInfo` between versions of the record: records written before the reference's names
 * were adopted may hold `countryOfIncorporation`, `incorporationDate` and `taxIdentifier`; the
 * view answers them under the reference's names, and a PATCH merges into the renamed form. Pure.
 */
import { type BusinessInfo, LEGACY_BUSINESS_INFO_NAMES } from './types.js';

/** `info` with any legacy field under its reference name (a new object only when one was renamed). Pure. */
export function withReferenceNames(info: BusinessInfo): BusinessInfo {
  const record = info as Readonly<Record<string, unknown>>;
  if (!Object.keys(LEGACY_BUSINESS_INFO_NAMES).some((legacy) => Object.hasOwn(record, legacy))) return info;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = Object.hasOwn(LEGACY_BUSINESS_INFO_NAMES, key) ? LEGACY_BUSINESS_INFO_NAMES[key] : key;
    // A reference-named field wins over its legacy twin (neither decider writes both).
    if (name !== undefined && !(name !== key && Object.hasOwn(record, name))) out[name] = value;
  }
  return out as BusinessInfo;
}

/**
 * A PATCH's `businessInfo` (reference BusinessInfoUpdate: every field optional) merged into the
 * stored one: each field sent replaces the stored value, the others stay. Pure.
 */
export function mergeBusinessInfo(stored: BusinessInfo, update: Readonly<Record<string, unknown>>): BusinessInfo {
  const merged: Record<string, unknown> = { ...withReferenceNames(stored) };
  for (const [key, value] of Object.entries(update)) if (value !== undefined) merged[key] = value;
  return merged as BusinessInfo;
}
