/**
 * A block's events as the exact bytes their hashes cover, for a thread that only checks digests
 * (the CLI's worker): each event's canonical unhashed line (`unhashedText`) written as UTF-8 from
 * the block by the decoder's own reader (`BlockReader.walkLineBytes`), with no object and no line
 * string made, then hashed as bytes. Strings and shapes are read by the very code that decodes
 * the events a reader applies, so the line hashed is the text of the event decoded
 * (test/log/binary checks it, on damaged blocks too). Pure; the hash function is injected.
 */
import { sha256BytesHex, type Sha256BytesHex } from '../hash.js';
import { MalformedBytes } from './bytes.js';
import { BlockReader } from './decoder.js';
import { BLOCK_LENGTH_BYTES } from './format.js';
import { fitsTextLog } from './line-bytes.js';
import { digestHex, isDigestHex } from './string-forms.js';

/**
 * Pure: -1 when every event of the block at `bytes[start, end)` has as its stored hash the SHA-256
 * of its canonical line; else the index of the first event not proved so (its digest is wrong, its
 * line is longer than a text log holds, or a byte that breaks the format stops the walk there).
 * The block's place in the chain is not checked (the decoder does that), nor is a malformed event
 * told from a wrong digest: a reader that decodes the block reports its own fault when it stops
 * at or before that event. `sha256` hashes bytes (the line's UTF-8).
 */
export function firstWrongDigestInBlock(bytes: Uint8Array, start: number, end: number, sha256: Sha256BytesHex = sha256BytesHex): number {
  let proved = 0;
  const count = eachLineBytes(bytes, start, end, (line, index, hashAt) => {
    if (!fitsTextLog(line) || !isDigestHex(sha256(line), bytes, hashAt)) return false;
    proved = index + 1;
    return true;
  });
  return proved === count ? -1 : proved;
}

/**
 * Calls `visit` with each event's canonical line as UTF-8 (a view valid only during the call),
 * its index and where its stored hash starts in `bytes`, until `visit` returns false or a byte
 * breaks the format; returns the count of events the block states (0 when even that is unreadable).
 */
export function eachLineBytes(bytes: Uint8Array, start: number, end: number, visit: (line: Uint8Array, index: number, hashAt: number) => boolean): number {
  const reader = new BlockReader(bytes, start + BLOCK_LENGTH_BYTES, end);
  try {
    reader.walkLineBytes(visit);
  } catch (error) {
    if (!(error instanceof MalformedBytes)) throw error;
  }
  return reader.count;
}

const LINE_TEXT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * `eachLineBytes` with each line as its text and its stored hash as hex, for the tests that hold
 * the lines to the decoder and for probes; the lines are decoded from the bytes hashed.
 */
export function eachHashedLine(bytes: Uint8Array, start: number, end: number, visit: (line: string, index: number, storedHash: string) => boolean): number {
  return eachLineBytes(bytes, start, end, (line, index, hashAt) => visit(LINE_TEXT.decode(line), index, digestHex(bytes, hashAt)));
}
