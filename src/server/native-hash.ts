/** The host's native SHA-256 for the CLI: same digest as the library's default, several times faster. */
import * as crypto from 'node:crypto';
import type { Sha256BytesHex } from '../log/hash.js';
import type { Sha256Hex } from '../log/index.js';

// Node >= 20.12 has a one-shot `crypto.hash` that skips the Hash object: about half the cost per
// line of a log. @types/node 20 does not declare it yet, hence the cast.
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }).hash;

/** SHA-256 hex of the UTF-8 bytes of `text`, by node:crypto. */
export const nativeSha256: Sha256Hex =
  oneShot === undefined
    ? (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex')
    : (text) => oneShot('sha256', text, 'hex');

/** SHA-256 hex of `bytes`, by node:crypto. */
export const nativeSha256Bytes: Sha256BytesHex =
  oneShot === undefined ? (bytes) => crypto.createHash('sha256').update(bytes).digest('hex') : (bytes) => oneShot('sha256', bytes, 'hex');
