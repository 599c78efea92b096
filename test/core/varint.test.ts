/**
 * core/varint.ts: the one varint writer and zigzag mapping every byte format shares. Each value
 * comes back through the binary log's strict reader (shortest form, at most 8 bytes), the
 * writer's shift path below 2^31 and division path above it giving the same bytes as arithmetic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unzigzag, VARINT_MAX, writeVarint, zigzag } from '../../src/core/varint.js';
import { ByteReader } from '../../src/log/binary/bytes.js';

// The varint of `value` by plain arithmetic: seven bits a byte, low first.
function arithmetic(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 128) {
    out.push((rest % 128) + 128);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

describe('core/varint', () => {
  it('writes every value below 2^53 as its arithmetic varint, at most VARINT_MAX bytes, and reads it back', () => {
    const values = fc.oneof(fc.integer({ min: 0, max: 2 ** 31 + 5 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, 127, 128, 2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(values, (value) => {
        const bytes = new Uint8Array(VARINT_MAX + 2);
        const end = writeVarint(bytes, 1, value);
        expect([...bytes.subarray(1, end)]).toEqual(arithmetic(value));
        expect(end - 1).toBeLessThanOrEqual(VARINT_MAX);
        const reader = new ByteReader(bytes, 1, end);
        expect(reader.varint()).toBe(value);
        expect(reader.done).toBe(true);
      }),
    );
  });

  it('maps 0, -1, 1, -2, 2 to 0, 1, 2, 3, 4 and back, for any safe integer below 2^52 in size', () => {
    expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 52) + 1, max: 2 ** 52 - 1 }), (value) => {
        expect(zigzag(value)).toBeGreaterThanOrEqual(0);
        expect(unzigzag(zigzag(value))).toBe(value);
      }),
    );
  });
});
