/**
 * Statement periods: calendar months in US Central time (`America/Chicago`), half-open
 * `[start, end)`, with daylight saving handled by the time-zone database (through Intl, via
 * @date-fns/tz). Pure: every function takes instants in and gives instants out.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

/** The zone the spec fixes for statement months. */
export const STATEMENT_TIME_ZONE = 'America/Chicago';

/** A calendar month in the statement zone: `[startMs, endMs)`. */
export type StatementMonth = {
  readonly year: number;
  readonly month: number; // 1..12
  readonly startMs: number;
  readonly endMs: number;
};

/** The statement month `year`-`month` (1..12) as a half-open window of epoch milliseconds. */
export function statementMonth(year: number, month: number): StatementMonth {
  const startMs = new TZDate(year, month - 1, 1, STATEMENT_TIME_ZONE).getTime();
  const endMs = new TZDate(year, month, 1, STATEMENT_TIME_ZONE).getTime();
  return { year, month, startMs, endMs };
}

/** The statement month that contains an instant. */
export function statementMonthContaining(epochMs: number): StatementMonth {
  const local = new TZDate(epochMs, STATEMENT_TIME_ZONE);
  return statementMonth(local.getFullYear(), local.getMonth() + 1);
}

/**
 * The statement month whose window is exactly `[startMs, endMs)`, or undefined when the window is
 * anything else (the service records a statement as fetched only for an exact month).
 */
export function exactStatementMonth(startMs: number, endMs: number): StatementMonth | undefined {
  const month = statementMonthContaining(startMs);
  return month.startMs === startMs && month.endMs === endMs ? month : undefined;
}

/** Parses "YYYY-MM" into a statement month, or undefined when malformed. */
export function parseStatementMonth(text: string): StatementMonth | undefined {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  return m === null ? undefined : statementMonth(Number(m[1]), Number(m[2]));
}

/** Formats an instant in the statement zone with its offset, e.g. "2026-03-01T00:00:00-06:00". */
export function formatInStatementZone(epochMs: number): string {
  const offsetMinutes = tzOffset(STATEMENT_TIME_ZONE, new Date(epochMs));
  const local = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
