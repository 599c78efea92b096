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

// The last instant formatted: an event's evolvers and list indexes format the same time several
// times, and strings are immutable, so the text can be shared (`===` on a number, no allocation).
let formattedMs = Number.NaN;
let formattedText = '';

/** Formats epoch milliseconds as a UTC ISO instant ("…Z"). Pure. */
export function formatInstant(epochMs: number): Instant {
  if (epochMs === formattedMs) return formattedText;
  const text = isoText(epochMs);
  formattedMs = epochMs;
  formattedText = text;
  return text;
}

const DAY_MS = 86_400_000;
// Year 10000 starts here: toISOString writes a sign and six digits from then on.
const YEAR_10000_MS = 253_402_300_800_000;
// The code units of the instant being written (separators in place), and the day they hold.
const ISO_CODES: number[] = Array.from('0000-00-00T00:00:00.000Z', (c) => c.charCodeAt(0));
let isoCodesDay = Number.NaN;

/**
 * `new Date(ms).toISOString()`, written from the calendar arithmetic for 1970-9999 (a Date and
 * its formatting cost ~5x; decoding packed records formats every instant they hold), the date
 * part kept while the day repeats. Other times, and non-integers, through Date.
 */
export function isoText(epochMs: number): Instant {
  if (!(Number.isInteger(epochMs) && epochMs >= 0 && epochMs < YEAR_10000_MS)) return new Date(epochMs).toISOString();
  const day = Math.floor(epochMs / DAY_MS);
  if (day !== isoCodesDay) writeDate(day);
  let rest = epochMs - day * DAY_MS;
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1_000);
  writeDigits(11, 2, hour);
  writeDigits(14, 2, minute);
  writeDigits(17, 2, second);
  writeDigits(20, 3, rest - second * 1_000);
  return String.fromCharCode.apply(null, ISO_CODES);
}

// The civil date of `day` days after 1970-01-01 (H. Hinnant's days_from_civil, inverted) into ISO_CODES.
function writeDate(day: number): void {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  writeDigits(0, 4, yearOfEra + era * 400 + (month <= 2 ? 1 : 0));
  writeDigits(5, 2, month);
  writeDigits(8, 2, dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1);
  isoCodesDay = day;
}

function writeDigits(at: number, count: number, value: number): void {
  let rest = value;
  for (let i = at + count - 1; i >= at; i -= 1) {
    ISO_CODES[i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
}

// A one-entry cache of the last calendar day parsed and its epoch ms. Events of a log come in
// time order, so nearly every instant shares its day with the one before and the calendar
// arithmetic runs once a day instead of once an event. The day is keyed by its eight characters'
// codes, two to an int32, so that equal keys mean equal text: the answer never depends on what
// was parsed before, even for text that is not digits.
const cachedDay = new Int32Array([-1, -1, -1, -1]);
let cachedDayMs = 0;

/**
 * Fast path for the instants this library writes itself (`YYYY-MM-DDTHH:MM:SS.sssZ`), used in
 * replay where `Date.parse` would dominate; anything else falls back to `Date.parse`.
 */
export function instantToMs(iso: Instant): number {
  // No cache of the last text here (stop 20 measured one): a hit saved ~17 ns, but every
  // ledger-only event has a new instant and paid ~12 ns for the compare and the stores.
  if (iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(19) === 46) {
    return dayMsOf(iso) + ((twoDigits(iso, 11) * 60 + twoDigits(iso, 14)) * 60 + twoDigits(iso, 17)) * 1000 + twoDigits(iso, 20) * 10 + (iso.charCodeAt(22) - 48);
  }
  return Date.parse(iso);
}

// Epoch ms of the start of the day `iso` (YYYY-MM-DD...) names, through the one-entry cache.
function dayMsOf(iso: string): number {
  const century = (iso.charCodeAt(0) << 16) | iso.charCodeAt(1);
  const yearInCentury = (iso.charCodeAt(2) << 16) | iso.charCodeAt(3);
  const month = (iso.charCodeAt(5) << 16) | iso.charCodeAt(6);
  const day = (iso.charCodeAt(8) << 16) | iso.charCodeAt(9);
  if (century !== cachedDay[0] || yearInCentury !== cachedDay[1] || month !== cachedDay[2] || day !== cachedDay[3]) {
    cachedDay[0] = century;
    cachedDay[1] = yearInCentury;
    cachedDay[2] = month;
    cachedDay[3] = day;
    cachedDayMs = daysFromCivil(twoDigits(iso, 0) * 100 + twoDigits(iso, 2), twoDigits(iso, 5), twoDigits(iso, 8)) * 86_400_000;
  }
  return cachedDayMs;
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

// Two decimal digits at `at`. Fixed-width reads, not a loop: replay calls this ~9 times an event.
function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + (text.charCodeAt(at + 1) - 48);
}

// The value of the `count` decimal digits at `text[at]`, or -1 when one is not a digit.
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit >>> 0 > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

// Days of each month in a common year.
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The epoch ms of `text` when it is an instant exactly as `Date.prototype.toISOString` writes it
 * for years 1970-9999 (`YYYY-MM-DDTHH:MM:SS.sssZ`), so that its epoch ms gives it back; -1 when
 * it is not one. Checked and read in one pass (the days by arithmetic, no `Date`): what the
 * record codec asks of a string before it writes it as an instant (`instantToMs` reads any
 * instant of the log, unchecked).
 */
export function canonicalInstantMs(text: string): number {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return -1;
  if (text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46) return -1;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const ms = digitsAt(text, 20, 3);
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return -1;
  if (second < 0 || second > 59 || ms < 0 || day > monthDays(year, month)) return -1;
  return daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
}

function monthDays(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}
