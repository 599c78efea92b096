/**
 * Snapshots: a cache of derived state at one position of the chain. Replay from a snapshot
 * starts at seq + 1 and the next event's prevHash must equal the snapshot's hash, so replay from
 * a snapshot equals replay from the start. The engine decides what state goes in.
 */
import { assert } from '../core/assert.js';
import { err, ok, type Result } from '../core/result.js';
import type { ChainHead } from './envelope.js';
import type { LogFault } from './fault.js';
import { isHashHex, type Sha256Hex } from './hash.js';
import { createChainVerifier } from './verifier.js';

/** State derived from the log up to and including `seq`, whose event has `hash`. */
export type Snapshot<S> = { readonly seq: number; readonly hash: string; readonly at?: string; readonly state: S };

/**
 * Pure: a snapshot of `state` at `head`; `options.at` records the time of the event at head for
 * humans. Does not copy `state`: pass a value nobody mutates afterwards. Throws only on a bug
 * (invalid head).
 */
export function takeSnapshot<S>(head: ChainHead, state: S, options: { at?: string } = {}): Snapshot<S> {
  assert(Number.isSafeInteger(head.seq) && head.seq >= 0, 'snapshot seq must be an integer >= 0');
  assert(isHashHex(head.hash), 'snapshot hash must be 64 lowercase hex characters');
  return options.at === undefined
    ? { seq: head.seq, hash: head.hash, state }
    : { seq: head.seq, hash: head.hash, at: options.at, state };
}

/** The head a replay from `snapshot` continues from (pass it as VerifyOptions.from). */
export function snapshotHead(snapshot: Snapshot<unknown>): ChainHead {
  return { seq: snapshot.seq, hash: snapshot.hash };
}

/**
 * Why a snapshot does not belong to a log: the log is broken before the snapshot's seq, ends
 * before it, or holds a different hash at it.
 */
export type SnapshotFault =
  | { kind: 'log_fault'; seq: number; reason: string; fault: LogFault }
  | { kind: 'log_too_short' | 'hash_mismatch'; seq: number; reason: string };

/**
 * Verifies `lines` from the start up to the snapshot's seq and confirms the event there has the
 * snapshot's hash; returns that head. Reads no line past the snapshot's seq. Reports, never throws.
 */
export function checkSnapshotAgainstLog(
  snapshot: Snapshot<unknown>,
  lines: Iterable<string>,
  options: { sha256?: Sha256Hex } = {},
): Result<ChainHead, SnapshotFault> {
  const verifier = createChainVerifier(options);
  if (snapshot.seq > 0) {
    for (const line of lines) {
      const fault = verifier.push(line);
      if (fault !== undefined) return err({ kind: 'log_fault', seq: fault.seq, reason: fault.reason, fault });
      if (verifier.count === snapshot.seq) break;
    }
  }
  const head = verifier.head;
  if (head.seq < snapshot.seq) {
    return err({ kind: 'log_too_short', seq: snapshot.seq, reason: `log ends at seq ${head.seq}` });
  }
  if (head.hash !== snapshot.hash) {
    return err({ kind: 'hash_mismatch', seq: snapshot.seq, reason: `log has hash ${head.hash} at seq ${head.seq}` });
  }
  return ok(head);
}
