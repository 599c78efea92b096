import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { deletePair, EMPTY_SLOT, emptyTable, insertPair } from '../../src/core/linear-probing.js';

// Every pair filed, found again by probing from its hash's home slot.
function find(table: Int32Array, hash: number, index: number): boolean {
  const mask = (table.length >> 1) - 1;
  for (let slot = hash & mask; table[2 * slot] !== EMPTY_SLOT; slot = (slot + 1) & mask) {
    if (table[2 * slot] === index && table[2 * slot + 1] === hash) return true;
  }
  return false;
}

describe('insertPair', () => {
  it('files every pair where a probe from its hash finds it, and keeps the table at most three quarters full', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 300 }), (hashes) => {
        let table = emptyTable(4);
        hashes.forEach((hash, index) => {
          table = insertPair(table, index, hash, index);
          expect(4 * (index + 1)).toBeLessThanOrEqual(3 * (table.length >> 1));
        });
        expect(hashes.every((hash, index) => find(table, hash, index))).toBe(true);
        const filled = table.filter((word, at) => at % 2 === 0 && word !== EMPTY_SLOT).length;
        expect(filled).toBe(hashes.length);
      }),
    );
  });

  it('returns the same table while it has room, a doubled one when the pair would fill it past three quarters', () => {
    const table = emptyTable(8);
    expect(insertPair(table, 5, 7, 5)).toBe(table);
    const grown = insertPair(table, 6, 9, 6);
    expect(grown).not.toBe(table);
    expect(grown.length).toBe(2 * table.length);
    expect(find(grown, 7, 5)).toBe(true);
  });

  it('fills a table to the eighths asked: seven of eight slots, then doubles', () => {
    let table = emptyTable(8);
    for (let index = 0; index < 7; index += 1) table = insertPair(table, index, index * 5, index, 7);
    expect(table.length).toBe(16);
    const grown = insertPair(table, 7, 35, 7, 7);
    expect(grown.length).toBe(32);
    for (let index = 0; index < 8; index += 1) expect(find(grown, index * 5, index)).toBe(true);
  });
});

describe('deletePair', () => {
  it('removes pairs in any order, the others still found; a pair not filed throws rather than probing for ever', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (hashes, seed) => {
        let table = emptyTable(4);
        hashes.forEach((hash, index) => {
          table = insertPair(table, index, hash, index);
        });
        const order = hashes.map((_, index) => index).sort((a, b) => ((a * 2654435761 + seed) >>> 0) - ((b * 2654435761 + seed) >>> 0));
        const half = order.slice(0, order.length >> 1);
        for (const index of half) deletePair(table, hashes[index]!, index);
        for (const index of order) expect(find(table, hashes[index]!, index)).toBe(!half.includes(index));
        for (const index of half) expect(() => deletePair(table, hashes[index]!, index)).toThrow(InvariantError);
      }),
    );
  });
});
