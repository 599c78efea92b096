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
