/**
 * Figure 12 at two sizes: what each transaction added between them holds. The figure at one size
 * divides everything the engine holds by its transactions, fixed costs included (each store's
 * hot set of 256 records kept as objects, Map tables, codec dictionaries), and those fall per
 * transaction as a log grows; the difference between two sizes leaves them out and is what a
 * server's memory grows by per transaction.
 */

/** What the `memory` scenario measured at one size: transactions and the engine's bytes. */
export type HeldAt = { readonly transactions: number; readonly heapBytes: number; readonly bufferBytes: number };

/** Bytes per transaction added from `small` to `big` (heap, buffers, both); undefined when `big` adds none. */
export function marginalBytesPerTransaction(small: HeldAt, big: HeldAt): { heap: number; buffers: number; total: number } | undefined {
  const added = big.transactions - small.transactions;
  if (added <= 0) return undefined;
  const heap = Math.round((big.heapBytes - small.heapBytes) / added);
  const buffers = Math.round((big.bufferBytes - small.bufferBytes) / added);
  return { heap, buffers, total: heap + buffers };
}

/** Bytes a part of the state holds (heap and buffers), by its name: the memory scenario's `sliceBytes`. */
export type SliceBytes = Readonly<Record<string, number>>;

/**
 * What each added transaction holds in each part of the state, from `small` to `big` (bytes of
 * both sizes and their transaction counts), largest first; parts under `minBytes` per added
 * transaction are summed into one `others` entry, last. Empty when `big` adds no transaction.
 */
export function marginalBytesBySlice(
  small: { readonly transactions: number; readonly slices: SliceBytes },
  big: { readonly transactions: number; readonly slices: SliceBytes },
  minBytes = 5,
): { readonly slice: string; readonly bytes: number }[] {
  const added = big.transactions - small.transactions;
  if (added <= 0) return [];
  const rows: { slice: string; bytes: number }[] = [];
  let others = 0;
  for (const [slice, bigBytes] of Object.entries(big.slices)) {
    const bytes = (bigBytes - (small.slices[slice] ?? 0)) / added;
    if (bytes >= minBytes) rows.push({ slice, bytes: Math.round(bytes) });
    else others += bytes;
  }
  rows.sort((a, b) => b.bytes - a.bytes);
  return [...rows, { slice: 'others', bytes: Math.round(others) }];
}
