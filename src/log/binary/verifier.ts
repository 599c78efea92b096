/**
 * Verifying a binary log as it streams in: bytes in any chunks, blocks cut out of them, each
 * block decoded, its events' digests checked against the SHA-256 of their canonical lines (the
 * text log's hash, so both forms of a log carry the same chain) and handed on in order. Pure;
 * the hash function is injectable, and a caller that hashed a block elsewhere (the CLI's worker)
 * may pass its verdict instead.
 */
import { assert } from '../../core/assert.js';
import { HASH_FIELD_LENGTH, LINE_LENGTH_MAX, unhashedText } from '../codec.js';
import { EMPTY_HEAD, type ChainHead, type EventEnvelope } from '../envelope.js';
import type { LogFault } from '../fault.js';
import { sha256Hex, type Sha256Hex } from '../hash.js';
import { blockLengthAt, decodeBlock } from './decoder.js';
import { BINARY_LOG_MAGIC, BLOCK_LENGTH_BYTES } from './format.js';

/** Options of `createBinaryChainVerifier`, as a text log's VerifyOptions (every binary event is canonical by construction). */
export type BinaryVerifyOptions = {
  readonly sha256?: Sha256Hex;
  readonly onEvent?: (env: EventEnvelope) => void;
  /** The chain's head before the first block (default EMPTY_HEAD: a log that starts at seq 1). */
  readonly from?: ChainHead;
};

/**
 * A streaming verifier of a binary log: `push` each chunk of the file's bytes in order, then
 * `finish`. Each returns the first fault, or undefined; after a fault every call returns it.
 * `head` and `count` describe the verified prefix.
 */
export type BinaryChainVerifier = {
  push(chunk: Uint8Array): LogFault | undefined;
  finish(): LogFault | undefined;
  readonly head: ChainHead;
  readonly count: number;
  readonly fault: LogFault | undefined;
};

/**
 * The index of the first of `envelopes` whose hash is not the SHA-256 of its canonical line, or
 * -1 when every one is. What the CLI's worker computes for a block.
 */
export function firstWrongDigest(envelopes: readonly EventEnvelope[], sha256: Sha256Hex = sha256Hex): number {
  return envelopes.findIndex((env) => {
    const text = unhashedText(env);
    return storedLineLength(text.length) > LINE_LENGTH_MAX || sha256(text) !== env.hash;
  });
}

/** The stored line's length for an unhashed text of `length` units: its `}` gives way to the hash field. */
function storedLineLength(length: number): number {
  return length - 1 + HASH_FIELD_LENGTH;
}

/**
 * Why the event a verdict stopped at is not proved: a line longer than a text log may hold (the
 * two forms hold the same logs), or its hash.
 */
function unprovedReason(env: EventEnvelope): { kind: LogFault['kind']; reason: string } {
  if (storedLineLength(unhashedText(env).length) > LINE_LENGTH_MAX) return { kind: 'malformed', reason: `line is longer than ${LINE_LENGTH_MAX} characters` };
  return { kind: 'hash', reason: `hash ${env.hash} is not the SHA-256 of the event's canonical line` };
}

/**
 * Pure: a verifier of a binary log's bytes, checking in order the magic, then per block its
 * place in the chain (seq, prevHash), its bytes, and each event's digest.
 * @example
 * const verifier = createBinaryChainVerifier({ onEvent: (env) => events.push(env) });
 * const fault = verifier.push(bytes) ?? verifier.finish();
 */
export function createBinaryChainVerifier(options: BinaryVerifyOptions = {}): BinaryChainVerifier {
  const sha256 = options.sha256 ?? sha256Hex;
  const blocks = createBinaryBlockVerifier(options);
  const splitter = createBlockSplitter();
  const push = (chunk: Uint8Array): LogFault | undefined => {
    if (blocks.fault !== undefined) return blocks.fault;
    const cut = splitter.push(chunk);
    for (const block of cut.blocks) {
      if (blocks.pushBlock(block, (envelopes) => firstWrongDigest(envelopes, sha256)) !== undefined) return blocks.fault;
    }
    return cut.problem === undefined ? undefined : blocks.fail(cut.problem);
  };
  return {
    push,
    finish() {
      if (blocks.fault !== undefined) return blocks.fault;
      const leftover = splitter.leftover();
      return leftover === undefined ? undefined : blocks.fail(leftover);
    },
    get head() {
      return blocks.head;
    },
    get count() {
      return blocks.count;
    },
    get fault() {
      return blocks.fault;
    },
  };
}

/**
 * The verdict on a block's digests, given its decoded events and its bytes: -1 when every one is
 * right, else the index of the first not proved right.
 */
export type DigestVerdict = (envelopes: readonly EventEnvelope[], block: Uint8Array) => number;

/**
 * A verifier fed whole blocks (each with its length prefix), for a caller that cuts them itself
 * and may have their digests checked elsewhere: `pushBlock` takes the block and the verdict on
 * its digests. `fail` records a fault found outside the blocks (the file's framing) at the next
 * event. Internal to the library: the CLI's two-thread audit drives it.
 */
export type BinaryBlockVerifier = {
  pushBlock(block: Uint8Array, verdict: DigestVerdict): LogFault | undefined;
  fail(reason: string): LogFault;
  readonly head: ChainHead;
  readonly count: number;
  readonly fault: LogFault | undefined;
};

/** Creates a BinaryBlockVerifier at `options.from` (default EMPTY_HEAD). */
export function createBinaryBlockVerifier(options: Pick<BinaryVerifyOptions, 'onEvent' | 'from'> = {}): BinaryBlockVerifier {
  const from = options.from ?? EMPTY_HEAD;
  const onEvent = options.onEvent;
  let head: ChainHead = from;
  let count = 0;
  let fault: LogFault | undefined;
  const fail = (reason: string): LogFault => {
    fault ??= { seq: head.seq + 1, line: count + 1, reason, kind: 'malformed' };
    return fault;
  };
  return {
    pushBlock(block, verdict) {
      if (fault !== undefined) return fault;
      const decoded = decodeBlock(block, 0, block.length, { seq: head.seq + 1, prevHash: head.hash, eventNumber: count + 1 });
      const { envelopes } = decoded;
      // The verdict names the first event whose digest is not proved right. Past where this
      // decode stopped it says nothing more (a block out of its place in the chain is decoded
      // there, not here); at or before it, it is the fault, whatever the decode found later.
      const named = verdict(envelopes, block);
      assert(Number.isInteger(named) && named >= -1, 'a digest verdict is an event index or -1');
      const wrong = named < envelopes.length ? named : -1;
      const verified = wrong < 0 ? envelopes.length : wrong;
      for (let i = 0; i < verified; i += 1) {
        const env = envelopes[i]!;
        head = { seq: env.seq, hash: env.hash };
        count += 1;
        onEvent?.(env);
      }
      if (wrong >= 0) {
        const env = envelopes[wrong]!;
        fault = { seq: env.seq, line: count + 1, ...unprovedReason(env) };
      } else if (decoded.fault !== undefined) fault = decoded.fault;
      else if (named >= 0) {
        // Every event decoded, yet the verdict proved fewer: never so unless the two readers of
        // the block disagree, and then nothing unproved is handed on.
        fault = { seq: head.seq + 1, line: count + 1, reason: 'the block\'s digests could not be checked', kind: 'hash' };
      }
      return fault;
    },
    fail,
    get head() {
      return head;
    },
    get count() {
      return count;
    },
    get fault() {
      return fault;
    },
  };
}

/** Blocks cut from a stream of chunks, and a problem with the stream's framing (undefined when none yet). */
export type CutBlocks = { readonly blocks: Uint8Array[]; readonly problem: string | undefined };

/**
 * Cuts a binary log's byte stream into blocks: checks the magic, then hands on each block once
 * all its bytes are in (as its own bytes: later chunks never change it). `leftover`, at the end
 * of the stream, says what is wrong with the bytes still waiting (an unfinished block or magic).
 */
export function createBlockSplitter(): { push(chunk: Uint8Array): CutBlocks; leftover(): string | undefined } {
  // Chunks since the last block cut (each the splitter's own copy), joined only once enough bytes
  // are in for the magic or the next whole block: a block that comes in many small chunks is
  // copied about twice, not once per chunk.
  let waiting: Uint8Array[] = [];
  let held = 0;
  let magicSeen = false;
  const needed = (): number => {
    if (!magicSeen) return BINARY_LOG_MAGIC.length;
    if (held < BLOCK_LENGTH_BYTES) return BLOCK_LENGTH_BYTES;
    return blockLengthAt(joined(waiting, BLOCK_LENGTH_BYTES), 0);
  };
  return {
    push(chunk) {
      if (chunk.length === 0) return { blocks: [], problem: undefined };
      waiting.push(copyOf(chunk, 0, chunk.length));
      held += chunk.length;
      if (!magicSeen && !isMagicPrefix(joined(waiting, Math.min(held, BINARY_LOG_MAGIC.length)))) return { blocks: [], problem: NOT_BINARY };
      const need = needed();
      if (need === 0) return { blocks: [], problem: BAD_LENGTH };
      if (held < need) return { blocks: [], problem: undefined };
      const bytes = joined(waiting, held);
      let at = 0;
      if (!magicSeen) {
        magicSeen = true;
        at = BINARY_LOG_MAGIC.length;
      }
      const blocks: Uint8Array[] = [];
      let problem: string | undefined;
      for (;;) {
        const length = blockLengthAt(bytes, at);
        if (length === 0) problem = BAD_LENGTH;
        if (length <= 0 || bytes.length - at < length) break;
        blocks.push(bytes.subarray(at, at + length));
        at += length;
      }
      waiting = at < bytes.length ? [bytes.subarray(at)] : [];
      held = bytes.length - at;
      return { blocks, problem };
    },
    leftover() {
      // Bytes that began the magic and stopped are a binary log cut short, not some other file.
      if (!magicSeen) return held > 0 ? 'the log ends inside its magic bytes (a truncated file?)' : NOT_BINARY;
      return held > 0 ? 'the log ends inside a block (a truncated file?)' : undefined;
    },
  };
}

const BAD_LENGTH = 'a block states a length of 0 or more than the format allows';

// The first `count` bytes of the chunks, one after another (the chunk itself when it holds them).
function joined(chunks: readonly Uint8Array[], count: number): Uint8Array {
  const first = chunks[0];
  if (first !== undefined && first.length >= count) return first.subarray(0, count);
  const out = new Uint8Array(count);
  let at = 0;
  for (const chunk of chunks) {
    if (at === count) break;
    const part = chunk.subarray(0, count - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const NOT_BINARY = 'not a binary log: the file does not start with its magic bytes';

/** True when `bytes` start like BINARY_LOG_MAGIC (all of it, or as much as there is). */
export function isMagicPrefix(bytes: Uint8Array): boolean {
  const length = Math.min(bytes.length, BINARY_LOG_MAGIC.length);
  for (let i = 0; i < length; i += 1) if (bytes[i] !== BINARY_LOG_MAGIC[i]) return false;
  return true;
}

function copyOf(bytes: Uint8Array, from: number, to: number): Uint8Array {
  return Uint8Array.prototype.slice.call(bytes, from, to);
}

