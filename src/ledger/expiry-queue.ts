/**
 * Pending transfers by timeout: a binary min-heap of (timeoutAtMs, transfer index). Entries are
 * never removed early: when a hold is posted or voided its entry stays and is skipped when it
 * surfaces (the ledger re-checks the transfer). That keeps resolution O(1); the heap holds one
 * entry per committed pending transfer whose timeout is ahead. (A linked batch adds its holds'
 * entries only when it commits, so a rolled-back batch leaves none.)
 */

/** A min-heap ordered by time, then by transfer index (so expiry order is deterministic). */
export class ExpiryQueue {
  readonly #times: number[] = [];
  readonly #indexes: number[] = [];

  /** Number of entries, stale ones included. */
  get size(): number {
    return this.#times.length;
  }

  /** The earliest timeout, or +Infinity when empty. */
  peekTime(): number {
    return this.#times.length === 0 ? Number.POSITIVE_INFINITY : this.#times[0]!;
  }

  /** The transfer index of the earliest entry (the queue must not be empty). */
  peekIndex(): number {
    return this.#indexes[0]!;
  }

  /** Adds an entry. */
  push(timeoutAtMs: number, index: number): void {
    const times = this.#times;
    const indexes = this.#indexes;
    let at = times.length;
    times.push(timeoutAtMs);
    indexes.push(index);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!before(timeoutAtMs, index, times[parent]!, indexes[parent]!)) break;
      times[at] = times[parent]!;
      indexes[at] = indexes[parent]!;
      at = parent;
    }
    times[at] = timeoutAtMs;
    indexes[at] = index;
  }

  /** Removes the earliest entry (the queue must not be empty). */
  pop(): void {
    const times = this.#times;
    const indexes = this.#indexes;
    const lastTime = times.pop()!;
    const lastIndex = indexes.pop()!;
    const n = times.length;
    if (n === 0) return;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= n) break;
      if (child + 1 < n && before(times[child + 1]!, indexes[child + 1]!, times[child]!, indexes[child]!)) child += 1;
      if (!before(times[child]!, indexes[child]!, lastTime, lastIndex)) break;
      times[at] = times[child]!;
      indexes[at] = indexes[child]!;
      at = child;
    }
    times[at] = lastTime;
    indexes[at] = lastIndex;
  }
}

function before(timeA: number, indexA: number, timeB: number, indexB: number): boolean {
  return timeA < timeB || (timeA === timeB && indexA < indexB);
}
