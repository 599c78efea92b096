/**
 * Signed checkpoints as engine events: the draft the engine appends every `everyEvents` events
 * when the host gives it a private key, and the evolver that checks a checkpoint's position on
 * replay. Signing and checking live in src/log/checkpoint.ts; the key never enters the log, only
 * the public key and the signature do.
 */
import { assert } from '../core/assert.js';
import type { EventDraft, EvolverTable } from '../domains/evolver.js';
import { CHECKPOINT_EVENT_TYPE, PRIVATE_KEY_BYTES, signCheckpoint, type LogCheckpointSigned } from '../log/checkpoint.js';

export { CHECKPOINT_EVENT_TYPE };
export type { LogCheckpointSigned };

/**
 * Engine option `checkpoints`: the host's Ed25519 private key (the 32-byte seed of RFC 8032,
 * never logged) and how many events may be written between two checkpoints (an integer >= 1).
 */
export type CheckpointOptions = { readonly privateKey: Uint8Array; readonly everyEvents: number };

/** Returns why `options` cannot be used, or undefined when they can (for a host's start-up check). */
export function checkpointOptionsProblem(options: CheckpointOptions): string | undefined {
  if (!(options.privateKey instanceof Uint8Array) || options.privateKey.length !== PRIVATE_KEY_BYTES) {
    return `checkpoints.privateKey must be ${PRIVATE_KEY_BYTES} bytes`;
  }
  if (!Number.isSafeInteger(options.everyEvents) || options.everyEvents < 1) return 'checkpoints.everyEvents must be an integer >= 1';
  return undefined;
}

/**
 * Pure: the draft of a checkpoint covering `head` (the last event written, which the checkpoint
 * will directly follow). Throws (a bug) on bad options or a head before the first event.
 */
export function checkpointDraft(head: { readonly seq: number; readonly hash: string }, options: CheckpointOptions): { type: string; data: LogCheckpointSigned } {
  const problem = checkpointOptionsProblem(options);
  assert(problem === undefined, String(problem));
  return { type: CHECKPOINT_EVENT_TYPE, data: signCheckpoint({ seq: head.seq, hash: head.hash }, options.privateKey) } satisfies EventDraft;
}

/**
 * Pure: true when a checkpoint is due at `headSeq`, i.e. at least `options.everyEvents` events
 * were written since the last checkpoint event (`lastCheckpointSeq`, 0 when there is none).
 */
export function checkpointDue(lastCheckpointSeq: number, headSeq: number, options: Pick<CheckpointOptions, 'everyEvents'>): boolean {
  return headSeq >= 1 && headSeq - lastCheckpointSeq >= options.everyEvents;
}

/**
 * Evolvers for checkpoint events: a checkpoint changes no state, but it must cover the event
 * just before it (its seq and hash); anything else is a corrupt or forged log. The signature is
 * an auditor's check (it needs the trusted public key), not replay's. The latest checkpoint's seq
 * is kept in the platform state, so that the writer's interval holds across a restart.
 */
export const checkpointEvolvers: EvolverTable = {
  [CHECKPOINT_EVENT_TYPE]: (state, event) => {
    const data = event.data as Partial<LogCheckpointSigned> | null;
    if (data?.seq !== event.seq - 1 || data.hash !== event.prevHash) {
      assert(false, `checkpoint at seq ${event.seq} does not cover the event before it (seq ${event.seq - 1})`);
    }
    // Remembered so that an engine rebuilt from the log signs its next one on time.
    state.platform.lastCheckpointSeq = event.seq;
  },
};
