/**
 * The one-entry caches of src/core/time.ts (the day `instantToMs` parsed last; stop 20: the epoch
 * ms `formatInstant` formatted last) never change an answer: any sequence of calls, repeats of
 * the same string object, equal copies and interleaved other inputs included, answers what
 * `Date.parse` or `Date#toISOString` answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant, instantToMs, isoText } from '../../src/core/time.js';

const canonicalMs = fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) });
/** A copy with the same text that is not the same string object. */
const copyOf = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

describe('isoText writes what toISOString writes', () => {
  it('for any ms, days in any order (its date part is kept while the day repeats), and outside 1970-9999', () => {
    const anyMs = fc.oneof(
      fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.constantFrom(0, Date.UTC(2000, 1, 29), Date.UTC(2100, 1, 28, 23, 59, 59, 999), Date.UTC(2100, 2, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), -1, 1.5),
    );
    fc.assert(
      fc.property(fc.array(anyMs, { minLength: 1, maxLength: 20 }), (values) => {
        for (const ms of values) expect(isoText(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('instantToMs and formatInstant caches', () => {
  it('the empty string is NaN even before anything was parsed, and after', () => {
    expect(instantToMs('')).toBeNaN();
    instantToMs('2026-01-05T16:00:00.000Z');
    expect(instantToMs('')).toBeNaN();
    expect(instantToMs('')).toBeNaN();
  });

  it('parse any sequence of instants (repeated, copied, other forms, the empty string) like Date.parse', () => {
    const text = fc.oneof(
      canonicalMs.map((ms) => new Date(ms).toISOString()),
      fc.constantFrom('', '2026-01-31T18:00:00-06:00', '2026-01-31T18:00:00Z', 'not a time'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.constantFrom('same', 'copy', 'twice')), { maxLength: 30 }), (calls) => {
        for (const [iso, how] of calls) {
          const input = how === 'copy' ? copyOf(iso) : iso;
          const expected = Date.parse(iso);
          expect(Object.is(instantToMs(input), expected)).toBe(true);
          if (how === 'twice') expect(Object.is(instantToMs(input), expected)).toBe(true);
        }
      }),
    );
  });

  it('format any sequence of epoch ms (repeats, -0, fractions) like toISOString, and keep refusing NaN', () => {
    const ms = fc.oneof(canonicalMs, fc.constantFrom(0, -0, 1.5, 1.9, -1.5));
    fc.assert(
      fc.property(fc.array(ms, { maxLength: 30 }), (times) => {
        for (const t of times) {
          expect(formatInstant(t)).toBe(new Date(t).toISOString());
          expect(formatInstant(t)).toBe(new Date(t).toISOString());
        }
      }),
    );
    expect(() => formatInstant(Number.NaN)).toThrow(RangeError);
    formatInstant(0);
    expect(() => formatInstant(Number.NaN)).toThrow(RangeError);
  });
});
