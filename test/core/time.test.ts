import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInstant, instantToMs, parseInstant } from '../../src/core/time.js';

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
