import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashSet32 } from '../../src/core/hash-set32.js';

// The model: a Set of the hashes (0 and 1 one value, as the set holds them), forgotten whole at the limit.
class Model {
  held = new Set<number>();
  constructor(readonly limit: number) {}
  key(hash: number): number {
    return hash | 0 || 1;
  }
  has(hash: number): boolean {
    return this.held.has(this.key(hash));
  }
  addNew(hash: number): void {
    if (this.held.size >= this.limit) this.held.clear();
    this.held.add(this.key(hash));
  }
}

describe('HashSet32', () => {
  it('answers has as a Set of the hashes that forgets them all at its limit', () => {
    const hash = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -3, max: 3 }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.array(hash, { maxLength: 600, size: 'max' }), (limit, hashes) => {
        const set = new HashSet32(limit);
        const model = new Model(limit);
        for (const value of hashes) {
          expect(set.has(value)).toBe(model.has(value));
          if (!model.has(value)) {
            set.addNew(value);
            model.addNew(value);
          }
          expect(set.size).toBe(model.held.size);
        }
        for (const value of hashes) expect(set.has(value)).toBe(model.has(value));
      }),
    );
  });
});
