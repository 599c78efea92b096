/**
 * Time is an input: ISO 8601 instants passed in by the caller. Nothing here reads a clock.
 */

/** An ISO 8601 date-time string with a zone offset, e.g. "2026-01-31T18:00:00-06:00". */
export type Instant = string;

const WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Parses an ISO date-time that carries a zone offset ("Z" or ±hh:mm) into epoch milliseconds.
 * Returns undefined for anything else, including a date-time without an offset or an
 * impossible calendar date.
 */
export function parseInstant(text: string): number | undefined {
  const m = WITH_OFFSET.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 2026-02-30 over to March; reject it by checking the fields survive.
  const probe = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
  if (probe.getUTCDate() !== Number(d) || probe.getUTCMonth() !== Number(mo) - 1) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  return ms;
}

/** Formats epoch milliseconds as a UTC ISO instant ("…Z"). Pure. */
export function formatInstant(epochMs: number): Instant {
  return new Date(epochMs).toISOString();
}

/**
 * Fast path for the instants this library writes itself (`YYYY-MM-DDTHH:MM:SS.sssZ`), used in
 * replay where `Date.parse` would dominate; anything else falls back to `Date.parse`.
 */
export function instantToMs(iso: Instant): number {
  if (iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(19) === 46) {
    const days = daysFromCivil(digitsAt(iso, 0, 4), digitsAt(iso, 5, 7), digitsAt(iso, 8, 10));
    const seconds = digitsAt(iso, 11, 13) * 3600 + digitsAt(iso, 14, 16) * 60 + digitsAt(iso, 17, 19);
    return (days * 86_400 + seconds) * 1000 + digitsAt(iso, 20, 23);
  }
  return Date.parse(iso);
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil): plain
 * arithmetic that V8 inlines, where a call to Date.UTC costs more than the rest of the parse.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

// Hoisted rather than a closure: replay calls instantToMs once per event.
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}
