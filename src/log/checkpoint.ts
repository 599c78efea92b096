/**
 * Signed checkpoints: the log's writer signs a chain head `{ seq, hash }` with Ed25519 and stores
 * the signature as an event (`LogCheckpointSigned`) right after that head. Since the hash at
 * `seq` chains every line before it, one valid signature vouches for the whole prefix. A hash
 * chain alone cannot: anyone may edit a line and re-seal every line after it. This module signs,
 * verifies one signature, and checks a whole log's checkpoints and its expected head as data.
 * Pure: no I/O, no clock, no randomness; the private key comes from the host.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { assert } from '../core/assert.js';
import { EMPTY_HEAD, GENESIS_HASH, type ChainHead, type EventEnvelope } from './envelope.js';
import { isHashHex } from './hash.js';

/** The event type of a checkpoint in the log. */
export const CHECKPOINT_EVENT_TYPE = 'LogCheckpointSigned';

/**
 * The data of a checkpoint event: the head it covers (the event just before it) and the writer's
 * Ed25519 public key and signature, both lowercase hex (64 and 128 characters).
 */
export type LogCheckpointSigned = {
  readonly seq: number;
  readonly hash: string;
  readonly publicKey: string;
  readonly signature: string;
};

/** First line of every signed message; the version changes if the message ever does. */
export const CHECKPOINT_MESSAGE_PREFIX = 'payments-engine checkpoint v1';

/** Length of an Ed25519 public key in lowercase hex. */
export const PUBLIC_KEY_HEX_LENGTH = 64;
/** Length of an Ed25519 signature in lowercase hex. */
export const SIGNATURE_HEX_LENGTH = 128;
/** Length of an Ed25519 private key (the 32-byte seed of RFC 8032). */
export const PRIVATE_KEY_BYTES = 32;

/**
 * Pure: the exact text that is signed for a head, `payments-engine checkpoint v1\n{seq}\n{hash}`
 * (seq in decimal, hash as 64 lowercase hex, no final newline); the signed bytes are its UTF-8,
 * which is ASCII. Fixed so that an auditor in any language can rebuild it.
 */
export function checkpointMessage(head: ChainHead): string {
  return `${CHECKPOINT_MESSAGE_PREFIX}\n${head.seq}\n${head.hash}`;
}

/** True when `value` is `length` lowercase hex characters. */
function isLowerHex(value: unknown, length: number): value is string {
  return typeof value === 'string' && value.length === length && /^[0-9a-f]*$/.test(value);
}

/** True when `value` is an Ed25519 public key as the log stores it: 64 lowercase hex characters. */
export function isPublicKeyHex(value: unknown): value is string {
  return isLowerHex(value, PUBLIC_KEY_HEX_LENGTH);
}

// Deriving a public key is a scalar multiplication; a host signs with the same key every time.
const publicKeys = new WeakMap<Uint8Array, string>();

/** Pure: the lowercase hex Ed25519 public key of a 32-byte private key. Throws (a bug) on another length. */
export function checkpointPublicKey(privateKey: Uint8Array): string {
  assert(privateKey instanceof Uint8Array && privateKey.length === PRIVATE_KEY_BYTES, `a checkpoint private key is ${PRIVATE_KEY_BYTES} bytes`);
  let publicKey = publicKeys.get(privateKey);
  if (publicKey === undefined) {
    publicKey = bytesToHex(ed25519.getPublicKey(privateKey));
    publicKeys.set(privateKey, publicKey);
  }
  return publicKey;
}

/**
 * Pure: the checkpoint data for `head`, signed with `privateKey` (Ed25519 is deterministic: the
 * same head and key give the same signature, so a log with checkpoints still replays byte for
 * byte). Throws (a bug) on a malformed head or key.
 */
export function signCheckpoint(head: ChainHead, privateKey: Uint8Array): LogCheckpointSigned {
  assert(Number.isSafeInteger(head.seq) && head.seq >= 1, 'a checkpoint covers a head at seq >= 1');
  assert(isHashHex(head.hash), 'a checkpoint covers a 64 lowercase hex hash');
  const publicKey = checkpointPublicKey(privateKey);
  const signature = bytesToHex(ed25519.sign(utf8ToBytes(checkpointMessage(head)), privateKey));
  return { seq: head.seq, hash: head.hash, publicKey, signature };
}

/**
 * Pure: true when `checkpoint.signature` is a valid Ed25519 signature by `checkpoint.publicKey`
 * over `checkpointMessage(checkpoint)`. Never throws: any malformed field is simply false.
 * Verification is strict RFC 8032 (no ZIP-215 leniency), so no second encoding of a valid
 * signature verifies. Says nothing about whose key it is: compare `publicKey` with the one you
 * trust (createCheckpointChecker does).
 */
export function verifyCheckpointSignature(checkpoint: unknown): boolean {
  if (!isCheckpointData(checkpoint)) return false;
  try {
    return ed25519.verify(hexToBytes(checkpoint.signature), utf8ToBytes(checkpointMessage(checkpoint)), hexToBytes(checkpoint.publicKey), { zip215: false });
  } catch {
    return false;
  }
}

/** True when `data` has the shape of LogCheckpointSigned (types and hex lengths; not the signature). */
export function isCheckpointData(data: unknown): data is LogCheckpointSigned {
  if (typeof data !== 'object' || data === null) return false;
  const { seq, hash, publicKey, signature } = data as Record<string, unknown>;
  return (
    typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 1 && isHashHex(hash) && isPublicKeyHex(publicKey) && isLowerHex(signature, SIGNATURE_HEX_LENGTH)
  );
}

/**
 * Pure: parses an expected head written `SEQ:HASH` (decimal seq >= 0, 64 lowercase hex), or
 * undefined when the text is not that.
 */
export function parseExpectedHead(text: string): ChainHead | undefined {
  const match = /^(0|[1-9]\d{0,15}):([0-9a-f]{64})$/.exec(text);
  if (match === null) return undefined;
  const seq = Number(match[1]);
  return Number.isSafeInteger(seq) ? { seq, hash: match[2] as string } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Checking a whole log

/**
 * Why a log fails the checkpoint checks: `checkpoint_malformed` (data is not a checkpoint),
 * `checkpoint_position` (it does not cover the event just before it), `checkpoint_key` (signed by
 * another key than the trusted one), `checkpoint_signature` (the signature is not valid),
 * `no_checkpoint` (a trusted key was given and no checkpoint is signed by it), `head_mismatch`
 * (the log does not end exactly at the expected head).
 */
export type CheckpointFaultKind =
  | 'checkpoint_malformed'
  | 'checkpoint_position'
  | 'checkpoint_key'
  | 'checkpoint_signature'
  | 'no_checkpoint'
  | 'head_mismatch';

/**
 * The first checkpoint problem: `seq` is the seq of the bad checkpoint event, for `no_checkpoint`
 * the first event no signature covers (1), and for `head_mismatch` the first seq where the log
 * and the expected head part (the first missing seq of a truncated log, the first extra seq of a
 * longer one, or the expected head's seq when its hash differs).
 */
export type CheckpointFault = { readonly kind: CheckpointFaultKind; readonly seq: number; readonly reason: string };

/** What an auditor trusts: the writer's public key (hex), a head published elsewhere, or both. */
export type CheckpointCheckOptions = {
  readonly publicKey?: string | undefined;
  readonly expectHead?: ChainHead | undefined;
};

/**
 * The outcome of a checkpoint check over a verified log. `checkpoints` counts the valid ones;
 * `lastSignedSeq` is the seq the last valid one covers (undefined without a trusted key or
 * without a valid checkpoint); `unsignedAfter` is how many events follow it (the checkpoint
 * event itself included), which no signature vouches for; `head` is the log's last event.
 */
export type CheckpointReport = {
  readonly ok: boolean;
  readonly fault: CheckpointFault | undefined;
  readonly checkpoints: number;
  readonly lastSignedSeq: number | undefined;
  readonly unsignedAfter: number;
  readonly head: ChainHead;
};

/**
 * An incremental checkpoint checker: `push` every event of the log in order, each already
 * verified by the chain verifier (createChainVerifier's onEvent), then `finish`. After the first
 * fault, later pushes are ignored and return that fault.
 */
export type CheckpointChecker = {
  push(env: EventEnvelope): CheckpointFault | undefined;
  readonly fault: CheckpointFault | undefined;
  finish(): CheckpointReport;
};

/**
 * Creates a checker. Every checkpoint event must cover the event just before it (its seq and
 * hash). With `publicKey`, each one must also be signed by that key with a valid signature, and
 * at least one must exist. With `expectHead`, the log must end exactly there: same seq, same hash.
 * Throws (a bug) on a malformed trusted key or head; parse user input first (isPublicKeyHex,
 * parseExpectedHead).
 */
export function createCheckpointChecker(options: CheckpointCheckOptions = {}): CheckpointChecker {
  const { publicKey, expectHead } = options;
  assert(publicKey === undefined || isPublicKeyHex(publicKey), 'the trusted public key must be 64 lowercase hex characters');
  assert(expectHead === undefined || (Number.isSafeInteger(expectHead.seq) && expectHead.seq >= 0 && isHashHex(expectHead.hash)), 'the expected head must be { seq >= 0, hash: 64 lowercase hex }');
  let head: ChainHead = EMPTY_HEAD;
  let fault: CheckpointFault | undefined;
  let checkpoints = 0;
  let lastSignedSeq: number | undefined;
  let hashAtExpectedSeq: string | undefined;

  const check = (env: EventEnvelope): CheckpointFault | undefined => {
    const data = env.data;
    const bad = (kind: CheckpointFaultKind, reason: string): CheckpointFault => ({ kind, seq: env.seq, reason: `checkpoint at seq ${env.seq} ${reason}` });
    if (!isCheckpointData(data)) return bad('checkpoint_malformed', 'is not { seq, hash, publicKey, signature } in lowercase hex');
    if (data.seq !== env.seq - 1 || data.hash !== env.prevHash) {
      return bad('checkpoint_position', `covers seq ${data.seq} hash ${data.hash}, not the event before it (seq ${env.seq - 1} hash ${env.prevHash})`);
    }
    if (publicKey === undefined) return undefined;
    if (data.publicKey !== publicKey) return bad('checkpoint_key', `is signed by key ${data.publicKey}, not the trusted key ${publicKey}`);
    if (!verifyCheckpointSignature(data)) return bad('checkpoint_signature', `has a signature that is not valid for seq ${data.seq} hash ${data.hash}`);
    return undefined;
  };

  return {
    push(env) {
      // The head moves on past a fault, so that the report still says where the log ends.
      head = { seq: env.seq, hash: env.hash };
      if (expectHead !== undefined && env.seq === expectHead.seq) hashAtExpectedSeq = env.hash;
      if (fault !== undefined) return fault;
      if (env.type !== CHECKPOINT_EVENT_TYPE) return undefined;
      fault = check(env);
      if (fault === undefined) {
        checkpoints += 1;
        if (publicKey !== undefined) lastSignedSeq = env.seq - 1;
      }
      return fault;
    },
    get fault() {
      return fault;
    },
    finish() {
      const final = fault ?? missingCheckpointFault() ?? headFault();
      return { ok: final === undefined, fault: final, checkpoints, lastSignedSeq, unsignedAfter: head.seq - (lastSignedSeq ?? 0), head };
    },
  };

  function missingCheckpointFault(): CheckpointFault | undefined {
    if (publicKey === undefined || lastSignedSeq !== undefined) return undefined;
    return { kind: 'no_checkpoint', seq: 1, reason: `no checkpoint signed by ${publicKey} in the log (${head.seq} events): nothing in it is vouched for` };
  }

  function headFault(): CheckpointFault | undefined {
    if (expectHead === undefined) return undefined;
    const expected = `${expectHead.seq}:${expectHead.hash}`;
    if (head.seq < expectHead.seq) {
      return { kind: 'head_mismatch', seq: head.seq + 1, reason: `the log ends at seq ${head.seq}, before the expected head ${expected}: seq ${head.seq + 1} to ${expectHead.seq} are missing (truncated?)` };
    }
    const at = expectHead.seq === 0 ? GENESIS_HASH : hashAtExpectedSeq;
    if (at !== expectHead.hash) {
      return { kind: 'head_mismatch', seq: expectHead.seq, reason: `the hash at seq ${expectHead.seq} is ${String(at)}, not the expected ${expectHead.hash}: the log was rewritten at or before seq ${expectHead.seq}` };
    }
    if (head.seq > expectHead.seq) {
      return { kind: 'head_mismatch', seq: expectHead.seq + 1, reason: `the log goes on past the expected head ${expected}, to seq ${head.seq}` };
    }
    return undefined;
  }
}

/**
 * Pure: checks the checkpoints of a verified log (see createCheckpointChecker) in one pass.
 * @example
 * const report = checkCheckpoints(events, { publicKey, expectHead: { seq: 120, hash } });
 * if (!report.ok) console.error(`seq ${report.fault?.seq}: ${report.fault?.reason}`);
 */
export function checkCheckpoints(events: Iterable<EventEnvelope>, options: CheckpointCheckOptions = {}): CheckpointReport {
  const checker = createCheckpointChecker(options);
  // Read to the end after a fault too: the report says where the log ends.
  for (const env of events) checker.push(env);
  return checker.finish();
}
