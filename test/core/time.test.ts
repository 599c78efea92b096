import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalInstantMs, formatInstant, instantToMs, parseInstant } from '../../src/core/time.js';

// Years 0001..9999: every instant formatInstant writes in the 24-character "…sssZ" form.
const canonicalMs = fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) });

describe('instantToMs (the replay fast path)', () => {
  it('agrees with Date.parse on every instant the library writes', () => {
    fc.assert(
      fc.property(canonicalMs, (ms) => {
        const iso = formatInstant(ms);
        expect(iso).toHaveLength(24);
        expect(instantToMs(iso)).toBe(ms);
      }),
    );
  });

  it('answers the same whatever was parsed before it (the cached day never leaks)', () => {
    // Instants clustered around a few days, in any order: most share the cached day, some
    // switch it, and some have the same time of day on another day.
    const dayMs = 86_400_000;
    const clustered = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: dayMs - 1 })).map(([d, t]) => Date.UTC(2026, 0, 30) + d * dayMs + t);
    fc.assert(
      fc.property(fc.array(fc.oneof(clustered, canonicalMs), { maxLength: 40 }), (times) => {
        for (const ms of times) expect(instantToMs(formatInstant(ms))).toBe(ms);
      }),
    );
  });

  it('is a function of the text alone, even for fast-path text that is not digits', () => {
    // 24 characters, "." at 19 and "Z" at 23: the shape the fast path takes without checking digits.
    const shaped = fc.string({ minLength: 22, maxLength: 22 }).map((t) => `${t.slice(0, 19)}.${t.slice(19)}Z`);
    fc.assert(
      fc.property(shaped, shaped, canonicalMs, (text, other, ms) => {
        const first = instantToMs(text);
        instantToMs(other);
        instantToMs(formatInstant(ms));
        expect(Object.is(instantToMs(text), first)).toBe(true);
      }),
    );
  });

  it('gets leap days, century rules and month ends right', () => {
    for (const iso of ['2024-02-29T12:00:00.000Z', '2000-02-29T00:00:00.000Z', '1900-03-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z']) {
      expect(instantToMs(iso)).toBe(Date.parse(iso));
    }
  });

  it('falls back to Date.parse for other forms, offsets included', () => {
    expect(instantToMs('2026-01-31T18:00:00-06:00')).toBe(Date.parse('2026-02-01T00:00:00Z'));
    expect(instantToMs('2026-01-31T18:00:00Z')).toBe(parseInstant('2026-01-31T18:00:00Z'));
  });
});

describe('canonicalInstantMs (what the record codec writes as an instant)', () => {
  it('canonicalInstantMs: exactly what toISOString writes for 1970-9999, read as its epoch ms', () => {
    fc.assert(fc.property(fc.date({ min: new Date(0), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => canonicalInstantMs(date.toISOString()) === date.getTime()));
    for (const text of ['2026-02-29T00:00:00.000Z', '2100-02-29T00:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-01-05T24:00:00.000Z', '2026-01-05T16:00:00Z', '2026-01-05T16:00:00.000+00:00', '1969-12-31T23:59:59.999Z', '2026-01-05T16:00:00.0a0Z']) {
      expect(canonicalInstantMs(text)).toBe(-1);
    }
    expect(canonicalInstantMs('2024-02-29T00:00:00.000Z')).toBe(Date.UTC(2024, 1, 29));
    expect(canonicalInstantMs('2000-02-29T23:59:59.999Z')).toBe(Date.UTC(2000, 1, 29, 23, 59, 59, 999));
  });
});
