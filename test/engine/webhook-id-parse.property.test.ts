/**
 * The packed webhook set's id parser (src/domains/webhook-store.ts `parseId`, unrolled in stop 20)
 * accepts and packs exactly what the loop it replaced did: a `Webhook:` prefix and a lowercase
 * 8-4-4-4-12 uuid, and nothing else (uppercase, other characters, wrong dashes or lengths).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseId } from '../../src/domains/webhook-ids.js';

/** The parser as it stood before stop 20 (a loop over a digit table), as the reference. */
function referenceParse(id: string): number[] | undefined {
  const digits = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i += 1) digits['0123456789abcdef'.charCodeAt(i)] = i;
  const hexAt = (from: number, to: number, skip: number): number => {
    let value = 0;
    let bad = 0;
    for (let i = from; i < to; i += 1) {
      if (i === skip) continue;
      const code = id.charCodeAt(i);
      const digit = code < 128 ? (digits[code] ?? -1) : -1;
      bad |= digit;
      value = (value << 4) | (digit & 15);
    }
    return bad < 0 ? -1 : value >>> 0;
  };
  if (id.length !== 44 || !id.startsWith('Webhook:')) return undefined;
  if (id.charCodeAt(16) !== 45 || id.charCodeAt(21) !== 45 || id.charCodeAt(26) !== 45 || id.charCodeAt(31) !== 45) return undefined;
  const words = [hexAt(8, 16, -1), hexAt(17, 26, 21), hexAt(27, 36, 31), hexAt(36, 44, -1)];
  return words.some((w) => w < 0) ? undefined : words;
}

const parsed = (id: string): number[] | undefined => {
  const out = new Int32Array(4);
  return parseId(id, out) ? [...out].map((word) => word >>> 0) : undefined;
};

const HEX = '0123456789abcdef';
/** A well-formed id, then up to three characters replaced by any of a set chosen to hit the edges. */
const nearId = fc
  .tuple(
    fc.array(fc.constantFrom(...HEX), { minLength: 32, maxLength: 32 }),
    fc.array(fc.tuple(fc.nat(43), fc.constantFrom('-', 'A', 'F', 'g', 'G', '/', ':', '@', '`', '0', 'f', 'ａ', '\u0130', '\u0000', '\u00e9', '\u0430', '\uffff', '\u0080')), { maxLength: 3 }),
  )
  .map(([digits, edits]) => {
    const d = digits.join('');
    const chars = [...`Webhook:${d.slice(0, 8)}-${d.slice(8, 12)}-${d.slice(12, 16)}-${d.slice(16, 20)}-${d.slice(20)}`];
    for (const [at, c] of edits) chars[at] = c;
    return chars.join('');
  });

describe('webhook id parsing (packed pending set)', () => {
  it('packs a lowercase uuid id into its four words', () => {
    expect(parsed('Webhook:019b8ee3-12dd-729e-ae66-db7ccf31931e')).toEqual([0x019b8ee3, 0x12dd729e, 0xae66db7c, 0xcf31931e]);
    expect(parsed('Webhook:ffffffff-ffff-ffff-ffff-ffffffffffff')).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  });

  it('refuses uppercase digits, a missing dash, a character above 127 and a wrong prefix', () => {
    expect(parsed('Webhook:019B8EE3-12DD-729E-AE66-DB7CCF31931E')).toBeUndefined();
    expect(parsed('Webhook:019b8ee3012dd-729e-ae66-db7ccf31931e')).toBeUndefined();
    expect(parsed('Webhook:019b8ee3-12dd-729e-ae66-db7ccf3193\u0131e')).toBeUndefined();
    expect(parsed('Webhook:019b8ee3-12dd-729e-ae66-db7ccf3193\u00e1e')).toBeUndefined();
    expect(parsed('Webhool:019b8ee3-12dd-729e-ae66-db7ccf31931e')).toBeUndefined();
  });

  it('answers like the loop it replaced for near-valid ids and for any string', () => {
    fc.assert(fc.property(fc.oneof(nearId, fc.string(), fc.string({ unit: 'binary', minLength: 44, maxLength: 44 })), (id) => {
      expect(parsed(id)).toEqual(referenceParse(id));
    }), { numRuns: 3_000 });
  });
});
