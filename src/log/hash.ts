/**
 * SHA-256 for the hash chain. The default is @noble/hashes (audited, pure JS, runs in browsers and
 * Node alike); every caller may inject another implementation, e.g. node:crypto, for throughput.
 * This file must never import node:crypto itself: src/log stays portable and pure.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { assert } from '../core/assert.js';

/**
 * A SHA-256 function: returns the lowercase hex digest (64 characters) of the UTF-8 bytes of
 * `text`. Callers only pass well-formed strings (no lone surrogates), so any UTF-8 encoder agrees.
 */
export type Sha256Hex = (text: string) => string;

/**
 * A SHA-256 function over bytes: returns the lowercase hex digest (64 characters) of `bytes`.
 * For a reader that makes the hashed text as UTF-8 itself (the binary log's digests).
 */
export type Sha256BytesHex = (bytes: Uint8Array) => string;

/** Length of a hex SHA-256 digest in characters. */
export const HASH_HEX_LENGTH = 64;

/** True when `value` is a lowercase hex SHA-256 digest, the only form the log stores. */
export function isHashHex(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== HASH_HEX_LENGTH) return false;
  // A loop, not /^[0-9a-f]{64}$/: verification checks three digests per line, and the regex
  // cost several times more than the rest of the structural checks together.
  for (let i = 0; i < HASH_HEX_LENGTH; i += 1) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** Pure: the lowercase hex SHA-256 of the UTF-8 bytes of `text`, computed by @noble/hashes. */
export const sha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

/** Pure: the lowercase hex SHA-256 of `bytes`, computed by @noble/hashes. */
export const sha256BytesHex: Sha256BytesHex = (bytes) => bytesToHex(sha256(bytes));

/**
 * Wraps an injected SHA-256 so that a host function returning the wrong format (uppercase,
 * base64, a Buffer) fails loudly as a bug instead of making every hash look tampered.
 */
export function checkedSha256(sha256Text: Sha256Hex = sha256Hex): Sha256Hex {
  return (text) => {
    const digest = sha256Text(text);
    assert(isHashHex(digest), 'Sha256Hex must return 64 lowercase hex characters');
    return digest;
  };
}
