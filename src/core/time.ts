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
    return Date.UTC(
      digitsAt(iso, 0, 4),
      digitsAt(iso, 5, 7) - 1,
      digitsAt(iso, 8, 10),
      digitsAt(iso, 11, 13),
      digitsAt(iso, 14, 16),
      digitsAt(iso, 17, 19),
      digitsAt(iso, 20, 23),
    );
  }
  return Date.parse(iso);
}

// Hoisted rather than a closure: replay calls instantToMs once per event.
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}
