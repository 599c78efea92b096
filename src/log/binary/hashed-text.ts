/**
 * A block's events as the exact texts their hashes cover, for a thread that only checks digests
 * (the CLI's worker): each event's canonical unhashed line (`unhashedText`) made from the block
 * by the decoder's own reader (`BlockReader.walkLines`) as JSON text, with no object made and no
 * JSON.stringify of the data, then hashed. Strings and shapes are read by the very code that
 * decodes the events a reader applies, so the line hashed is the text of the event decoded
 * (test/log/binary checks it, on damaged blocks too). Pure; the hash function is injected.
 */
import { HASH_FIELD_LENGTH, LINE_LENGTH_MAX } from '../codec.js';
import { sha256Hex, type Sha256Hex } from '../hash.js';
import { MalformedBytes } from './bytes.js';
import { BlockReader } from './decoder.js';
import { BLOCK_LENGTH_BYTES } from './format.js';

/**
 * Pure: -1 when every event of the block at `bytes[start, end)` has as its stored hash the SHA-256
 * of its canonical line; else the index of the first event not proved so (its digest is wrong, its
 * line is longer than a text log holds, or a byte that breaks the format stops the walk there).
 * The block's place in the chain is not checked (the decoder does that), nor is a malformed event
 * told from a wrong digest: a reader that decodes the block reports its own fault when it stops
 * at or before that event.
 */
export function firstWrongDigestInBlock(bytes: Uint8Array, start: number, end: number, sha256: Sha256Hex = sha256Hex): number {
  let proved = 0;
  const count = eachHashedLine(bytes, start, end, (line, index, storedHash) => {
    if (line.length - 1 + HASH_FIELD_LENGTH > LINE_LENGTH_MAX || sha256(line) !== storedHash) return false;
    proved = index + 1;
    return true;
  });
  return proved === count ? -1 : proved;
}

/**
 * Calls `visit` with each event's canonical line, its index and its stored hash, until `visit`
 * returns false or a byte breaks the format; returns the count of events the block states (0
 * when even that is unreadable). Exported for the tests that hold it to the decoder.
 */
export function eachHashedLine(bytes: Uint8Array, start: number, end: number, visit: (line: string, index: number, storedHash: string) => boolean): number {
  const reader = new BlockReader(bytes, start + BLOCK_LENGTH_BYTES, end);
  try {
    reader.walkLines(visit);
  } catch (error) {
    if (!(error instanceof MalformedBytes)) throw error;
  }
  return reader.count;
}
