/**
 * The binary log's short string forms, each against an independent model: digits as a number, a
 * ULID and a `<prefix><uuid>` as 16 bytes, an instant as ms (instantText against toISOString).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { INSTANT_MS_MAX } from '../../../src/log/binary/format.js';
import { digitsValue, ID_BYTES, instantMs, instantText, ulidBytes, ulidText, uuidTailBytes, uuidTailText } from '../../../src/log/binary/string-forms.js';
import { numRuns } from '../fixtures.js';
import { digitsArb, instantArb, ulidArb, YEAR_0000_MS, YEAR_10000_MS } from './helpers.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DAY_MS = 86_400_000;

/** The model of a ULID's 16 bytes: its 26 digits as a 130-bit number, big-endian. */
function ulidModelBytes(text: string): Uint8Array {
  let value = 0n;
  for (const c of text) value = value * 32n + BigInt(CROCKFORD.indexOf(c));
  return Uint8Array.from({ length: 16 }, (_, i) => Number((value >> BigInt(8 * (15 - i))) & 0xffn));
}

/** The model of a uuid's text: the 16 bytes in lowercase hex, dashes at 8-4-4-4-12. */
function uuidModelText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const bytesArb = fc.uint8Array({ minLength: ID_BYTES, maxLength: ID_BYTES });

describe('digitsValue', () => {
  it('is the value of 1 to 15 digits without a leading zero, and -1 for anything else', () => {
    fc.assert(
      fc.property(digitsArb, (text) => {
        const model = text.length <= 15 && (text === '0' || !text.startsWith('0')) ? Number(text) : -1;
        expect(digitsValue(text)).toBe(model);
        if (model >= 0) expect(String(model)).toBe(text);
      }),
      { numRuns },
    );
  });

  it('reads back any integer below 10^15 and refuses its neighbours in form', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 999_999_999_999_999 }), fc.constantFrom(0, 99_999_999_999_999, 100_000_000_000_000)), (n) => {
        expect(digitsValue(String(n))).toBe(n);
        expect(digitsValue(`0${n}`)).toBe(-1);
        expect(digitsValue(`${n}0`)).toBe(n !== 0 && String(n).length < 15 ? n * 10 : -1);
      }),
      { numRuns },
    );
  });

  it('refuses the empty string, signs, points, spaces and look-alike digits', () => {
    for (const text of ['', '-1', '+1', '1.0', '1e3', ' 1', '1 ', '/', ':', '12a', '１２', '0x1', '1000000000000000']) expect(digitsValue(text)).toBe(-1);
    expect(digitsValue('0')).toBe(0);
    expect(digitsValue('999999999999999')).toBe(999_999_999_999_999);
  });
});

describe('ulidBytes / ulidText', () => {
  it('any 16 bytes make a ULID whose first digit is at most 7, and it gives them back', () => {
    fc.assert(
      fc.property(bytesArb, fc.nat({ max: 8 }), (bytes, at) => {
        const padded = new Uint8Array(at + ID_BYTES + 3);
        padded.set(bytes, at);
        const text = ulidText(padded, at);
        expect(text).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
        expect(ulidModelBytes(text)).toEqual(bytes);
        const out = new Uint8Array(at + ID_BYTES);
        expect(ulidBytes(text, out, at)).toBe(true);
        expect(out.subarray(at)).toEqual(bytes);
      }),
      { numRuns },
    );
  });

  it('takes exactly the 26-digit uppercase Crockford ULIDs whose first digit is 0-7, writing the model\'s bytes', () => {
    fc.assert(
      fc.property(ulidArb, (text) => {
        const out = new Uint8Array(ID_BYTES);
        const isForm = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(text);
        expect(ulidBytes(text, out, 0)).toBe(isForm);
        if (isForm) {
          expect(out).toEqual(ulidModelBytes(text));
          expect(ulidText(out, 0)).toBe(text);
        }
      }),
      { numRuns },
    );
  });

  it('refuses other lengths and characters', () => {
    const ulid = '01HZY3K9T0QWERTYZXCVBNM123';
    const out = new Uint8Array(ID_BYTES);
    expect(ulidBytes(ulid, out, 0)).toBe(true);
    for (const text of [ulid.slice(1), `${ulid}0`, `8${ulid.slice(1)}`, ulid.toLowerCase(), `${ulid.slice(0, 25)}U`, `${ulid.slice(0, 25)}\u0130`, `${ulid.slice(0, 25)}-`]) {
      expect(ulidBytes(text, out, 0)).toBe(false);
    }
  });
});

describe('uuidTailBytes / uuidTailText', () => {
  it('any 16 bytes make the model\'s lowercase uuid, and it gives them back after any prefix', () => {
    fc.assert(
      fc.property(bytesArb, fc.string({ maxLength: 8 }), fc.nat({ max: 8 }), (bytes, prefix, at) => {
        const padded = new Uint8Array(at + ID_BYTES);
        padded.set(bytes, at);
        const text = uuidTailText(padded, at);
        expect(text).toBe(uuidModelText(bytes));
        const out = new Uint8Array(at + ID_BYTES);
        expect(uuidTailBytes(prefix + text, out, at)).toBe(true);
        expect(out.subarray(at)).toEqual(bytes);
      }),
      { numRuns },
    );
  });

  it('refuses uppercase hex, a missing or moved dash, a non-hex digit, and text shorter than a uuid', () => {
    const uuid = '0190a4b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b';
    const out = new Uint8Array(ID_BYTES);
    expect(uuidTailBytes(`acct_${uuid}`, out, 0)).toBe(true);
    const bad = [uuid.toUpperCase(), `acct_${uuid.replace('a', 'A')}`, uuid.replace('-', ''), `${uuid.slice(0, 8)}1${uuid.slice(9)}`, uuid.replace('b', 'g'), uuid.slice(1), `${uuid}x`, `${uuid.slice(0, 35)}\u0100`];
    for (const text of bad) expect(uuidTailBytes(text, out, 0)).toBe(false);
  });
});

describe('instantMs / instantText', () => {
  it('instantMs is the ms of exactly toISOString\'s text in 0..INSTANT_MS_MAX, -1 for every other text', () => {
    fc.assert(
      fc.property(instantArb, (text) => {
        const ms = Date.parse(text);
        const isForm = ms >= 0 && ms <= INSTANT_MS_MAX && new Date(ms).toISOString() === text;
        expect(instantMs(text)).toBe(isForm ? ms : -1);
      }),
      { numRuns: numRuns * 2 },
    );
    for (const text of ['1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) expect(instantMs(text)).toBe(Date.parse(text));
    for (const text of ['1969-12-31T23:59:59.999Z', '0000-01-01T00:00:00.000Z', '+010000-01-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '2026-01-05T24:00:00.000Z', '2026-01-05 16:00:00.000Z', '2026-01-05T16:00:00.000z']) {
      expect(instantMs(text)).toBe(-1);
    }
  });

  it('instantText is toISOString for any ms of the range, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: INSTANT_MS_MAX }), fc.constantFrom(0, INSTANT_MS_MAX, DAY_MS - 1, DAY_MS, 951_782_400_000)), { minLength: 1, maxLength: 20 }), (list) => {
        for (const ms of list) expect(instantText(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns },
    );
  });

  it('instantText is toISOString in runs crossing midnights, forwards and backwards, by any step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Math.floor(INSTANT_MS_MAX / DAY_MS) }),
        fc.integer({ min: -3000, max: 3000 }),
        fc.constantFrom(1, 7, 999, 60_000, 3_599_999, DAY_MS - 1, DAY_MS + 1),
        fc.boolean(),
        (day, offset, step, backwards) => {
          let ms = Math.min(INSTANT_MS_MAX, day * DAY_MS + offset);
          for (let i = 0; i < 40 && ms >= 0 && ms <= INSTANT_MS_MAX; i += 1) {
            expect(instantText(ms)).toBe(new Date(ms).toISOString());
            ms += backwards ? -step : step;
          }
        },
      ),
      { numRuns },
    );
  });

  it('instantText is toISOString from its first call in a process, on 1970-01-01 too (its day cache starts empty)', async () => {
    for (const ms of [0, 5, DAY_MS - 2, DAY_MS - 1, DAY_MS]) {
      vi.resetModules();
      const fresh = await import('../../../src/log/binary/string-forms.js');
      expect(fresh.instantText(ms)).toBe(new Date(ms).toISOString());
      expect(fresh.instantText(ms + 1)).toBe(new Date(ms + 1).toISOString());
    }
  });

  it('instantText and instantMs are inverse over the range, and its ends stay 4-digit years', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INSTANT_MS_MAX }), (ms) => {
        expect(instantMs(instantText(ms))).toBe(ms);
      }),
      { numRuns },
    );
    expect(instantText(INSTANT_MS_MAX)).toBe('9999-12-31T23:59:59.999Z');
    expect(instantText(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date(YEAR_10000_MS).toISOString()).toBe('+010000-01-01T00:00:00.000Z');
    expect(new Date(YEAR_0000_MS).toISOString()).toBe('0000-01-01T00:00:00.000Z');
  });
});
