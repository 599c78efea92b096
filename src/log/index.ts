/**
 * The event log: envelope, JSONL codec, SHA-256 hash chain, verification, upcasting and
 * snapshots. Pure: no I/O, no clock; the hash function is injectable. This list is the public API.
 */
export type { ChainHead, EventEnvelope, NewEvent } from './envelope.js';
export { EMPTY_HEAD, ENVELOPE_FIELDS, GENESIS_HASH } from './envelope.js';

export type { Sha256Hex } from './hash.js';
export { HASH_HEX_LENGTH, isHashHex, sha256Hex } from './hash.js';

export type { LogFault, LogFaultKind } from './fault.js';

export { decodeLine, encodeEnvelope, HASH_FIELD_LENGTH, hashedTextOf, LINE_LENGTH_MAX } from './codec.js';

export type { SealedEvent, SealOptions } from './seal.js';
export { sealEvent } from './seal.js';

export type { ChainVerifier, VerifyOptions } from './verifier.js';
export { createChainVerifier } from './verifier.js';

export type { LogVerification } from './verify.js';
export { verifyLog, verifyLogStream } from './verify.js';

export type { Upcast, UpcastFault, Upcaster } from './upcast.js';
export { createUpcaster } from './upcast.js';

export type { Snapshot, SnapshotFault } from './snapshot.js';
export { checkSnapshotAgainstLog, snapshotHead, takeSnapshot } from './snapshot.js';

export { encodeLog, splitLines } from './text.js';

export type { CheckpointChecker, CheckpointCheckOptions, CheckpointFault, CheckpointFaultKind, CheckpointReport, LogCheckpointSigned } from './checkpoint.js';
export {
  CHECKPOINT_EVENT_TYPE,
  CHECKPOINT_MESSAGE_PREFIX,
  checkCheckpoints,
  checkpointMessage,
  checkpointPublicKey,
  createCheckpointChecker,
  isPublicKeyHex,
  parseExpectedHead,
  signCheckpoint,
  verifyCheckpointSignature,
} from './checkpoint.js';
