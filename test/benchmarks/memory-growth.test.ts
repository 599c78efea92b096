/** Figure 12's growth line (benchmarks/memory-growth.ts): the bytes each added transaction holds. */
import { describe, expect, it } from 'vitest';
import { marginalBytesBySlice, marginalBytesPerTransaction } from '../../benchmarks/memory-growth.js';

describe('marginalBytesPerTransaction', () => {
  it('leaves out what both sizes hold (the fixed costs)', () => {
    // 1,000 fixed + 50 per transaction of heap; 10 fixed + 200 per transaction of buffers.
    const at = (n: number) => ({ transactions: n, heapBytes: 1_000 + 50 * n, bufferBytes: 10 + 200 * n });
    expect(marginalBytesPerTransaction(at(100), at(1_100))).toEqual({ heap: 50, buffers: 200, total: 250 });
  });

  it('has no answer when the bigger size adds no transaction', () => {
    const at = { transactions: 10, heapBytes: 1, bufferBytes: 1 };
    expect(marginalBytesPerTransaction(at, at)).toBeUndefined();
    expect(marginalBytesPerTransaction({ ...at, transactions: 20 }, at)).toBeUndefined();
  });
});

describe('marginalBytesBySlice', () => {
  it('gives each part what an added transaction holds in it, largest first, the small ones summed last', () => {
    // ledger: 100 fixed + 200 a transaction; lists: 5,000 fixed + 50; timers: 2 a transaction; cards: fixed only.
    const at = (n: number) => ({ transactions: n, slices: { ledger: 100 + 200 * n, lists: 5_000 + 50 * n, timers: 2 * n, cards: 700 } });
    expect(marginalBytesBySlice(at(100), at(1_100))).toEqual([
      { slice: 'ledger', bytes: 200 },
      { slice: 'lists', bytes: 50 },
      { slice: 'others', bytes: 2 },
    ]);
  });

  it('has no rows when the bigger size adds no transaction', () => {
    const at = { transactions: 10, slices: { ledger: 1 } };
    expect(marginalBytesBySlice(at, at)).toEqual([]);
  });
});
