/**
 * The binary log: the same envelopes and hash chain as the JSONL log, in blocks of
 * dictionary-coded bytes, about a fifth of the JSONL text. Pure.
 * Layout and reasons: docs/binary-log.md.
 */
export { BINARY_LOG_MAGIC } from './format.js';
export type { BinaryLogWriter, BinaryLogWriterOptions } from './encoder.js';
export { createBinaryLogWriter, encodeBinaryLog } from './encoder.js';
export type { BinaryChainVerifier, BinaryVerifyOptions } from './verifier.js';
export { createBinaryChainVerifier, isMagicPrefix } from './verifier.js';
