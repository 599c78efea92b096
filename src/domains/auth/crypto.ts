/**
 * The sandbox enclave's cryptography, synchronous and pure JS (no WebCrypto, no `node:`), so that
 * `handle` stays synchronous and the core runs anywhere. Wire formats are Turnkey's, which is what
 * real embedded-wallet clients (`@turnkey/crypto`, `@turnkey/api-key-stamper`) produce:
 *
 * - P-256 ECDSA (SHA-256 prehash, DER signatures) from `@noble/curves`;
 * - HPKE base mode DHKEM(P-256, HKDF-SHA256) / HKDF-SHA256 / AES-256-GCM, with Turnkey's additional
 *   data (encapsulated key || receiver key), built from `@noble/hashes` and `@noble/ciphers`:
 *   `@hpke/core` needs WebCrypto and is async, which `handle` cannot be;
 * - the API-key stamp: base64url of `{"publicKey","scheme","signature"}` over the exact payload.
 *
 * Every engine private key is derived from the host secret (`secretDigest`), never stored.
 */
import { gcm } from '@noble/ciphers/aes.js';
import { p256 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';

/** The stamp scheme of a P-256 API key (Turnkey's). */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

const HEX = /^[0-9a-f]*$/i;
const HPKE_VERSION = utf8ToBytes('HPKE-v1');
/** "KEM" || 0x0010: DHKEM(P-256, HKDF-SHA256). */
const KEM_SUITE = new Uint8Array([75, 69, 77, 0, 16]);
/** "HPKE" || KEM 0x0010 || KDF 0x0001 || AEAD 0x0002 (AES-256-GCM). */
const HPKE_SUITE = new Uint8Array([72, 80, 75, 69, 0, 16, 0, 1, 0, 2]);

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

/** Bytes of a hex string, or undefined when it is not even-length hex. */
export function fromHex(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || !HEX.test(hex)) return undefined;
  return hexToBytes(hex);
}

/** SHA-256 (hex) of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Base64url (no padding) of bytes. */
export function toBase64url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

/** Bytes of a base64url string (padding tolerated), or undefined. */
export function fromBase64url(text: string): Uint8Array | undefined {
  try {
    return base64urlnopad.decode(text.replace(/=+$/, ''));
  } catch {
    return undefined;
  }
}

/**
 * A P-256 private key derived from the host secret under `label`: HMAC output reduced into
 * [1, n-1]. Deterministic, so replay rebuilds the same keys; never written to the log.
 */
export function derivePrivateKey(secretDigest: (message: string) => string, label: string): Uint8Array {
  const n = p256.Point.Fn.ORDER;
  const scalar = (BigInt(`0x${secretDigest(`p256-key|${label}`)}`) % (n - 1n)) + 1n;
  return hexToBytes(scalar.toString(16).padStart(64, '0'));
}

/** The public key (hex) of a private key; compressed (02/03) unless `uncompressed`. */
export function publicKeyHex(privateKey: Uint8Array, uncompressed = false): string {
  return bytesToHex(p256.getPublicKey(privateKey, !uncompressed));
}

/** The point of a hex P-256 public key (compressed or uncompressed), or undefined if invalid. */
export function parsePublicKey(hex: string): ReturnType<typeof p256.Point.fromHex> | undefined {
  const bytes = fromHex(hex);
  if (bytes === undefined || (bytes.length !== 33 && bytes.length !== 65)) return undefined;
  try {
    const point = p256.Point.fromHex(hex.toLowerCase());
    point.assertValidity();
    return point;
  } catch {
    return undefined;
  }
}

/** True when `hex` is a valid compressed P-256 key (02/03 prefix). */
export function isCompressedPublicKey(hex: string): boolean {
  return hex.length === 66 && (hex.startsWith('02') || hex.startsWith('03')) && parsePublicKey(hex) !== undefined;
}

/** The compressed form (hex) of a valid public key. */
export function compressedKey(hex: string): string | undefined {
  return parsePublicKey(hex)?.toHex(true);
}

/** DER-encoded ECDSA signature (hex) over SHA-256(message) — RFC 6979, so deterministic. */
export function signDer(privateKey: Uint8Array, message: Uint8Array): string {
  return bytesToHex(p256.sign(message, privateKey, { format: 'der' }));
}

/** Raw r||s ECDSA signature over SHA-256(message), as JWS ES256 wants. */
export function signCompact(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  return p256.sign(message, privateKey, { format: 'compact' });
}

/**
 * True when `signature` (DER bytes) over SHA-256(message) verifies under `publicKey`. High-S
 * signatures are accepted: WebCrypto and node:crypto signers do not normalise S.
 */
export function verifyDer(publicKey: string, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return p256.verify(signature, message, hexToBytes(publicKey.toLowerCase()), { format: 'der', lowS: false });
  } catch {
    return false;
  }
}

/** A parsed API-key stamp. */
export type Stamp = { readonly publicKey: string; readonly scheme: string; readonly signature: string };

/** Parses a `Svc-Wallet-Signature` stamp; undefined when encoding, structure or fields are wrong. */
export function parseStamp(header: string): Stamp | undefined {
  const bytes = fromBase64url(header.trim());
  if (bytes === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof scheme !== 'string' || typeof signature !== 'string') return undefined;
  if (scheme !== STAMP_SCHEME || !isCompressedPublicKey(publicKey.toLowerCase())) return undefined;
  const der = fromHex(signature);
  if (der === undefined || der.length < 8 || der[0] !== 0x30) return undefined;
  return { publicKey: publicKey.toLowerCase(), scheme, signature: signature.toLowerCase() };
}

/** True when the stamp's signature verifies over the exact `payload` string. */
export function stampVerifies(stamp: Stamp, payload: string): boolean {
  const der = fromHex(stamp.signature);
  return der !== undefined && verifyDer(stamp.publicKey, utf8ToBytes(payload), der);
}

function labeledIkm(label: string, ikm: Uint8Array, suite: Uint8Array): Uint8Array {
  return concat(HPKE_VERSION, suite, utf8ToBytes(label), ikm);
}

function labeledInfo(label: string, info: Uint8Array, suite: Uint8Array, length: number): Uint8Array {
  return concat(new Uint8Array([0, length]), HPKE_VERSION, suite, utf8ToBytes(label), info);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The `info_hash` of Turnkey's key schedule context. Turnkey's enclave and `@turnkey/crypto` use
 * this fixed value (not LabeledExtract of an empty info), so interoperating needs it verbatim.
 */
const TURNKEY_INFO_HASH = hexToBytes('2f3f04e9206cd12413503529b47ac6a630b92ec4cf7d234508d0af9771c99e50');

/** HPKE key schedule (base mode, empty info): the AES key and nonce from a DH output. */
function keySchedule(dh: Uint8Array, encapped: Uint8Array, receiver: Uint8Array): { key: Uint8Array; nonce: Uint8Array } {
  const kemContext = concat(encapped, receiver);
  const sharedSecret = expand(sha256, extract(sha256, labeledIkm('eae_prk', dh, KEM_SUITE)), labeledInfo('shared_secret', kemContext, KEM_SUITE, 32), 32);
  const context = concat(new Uint8Array([0]), extract(sha256, labeledIkm('psk_id_hash', new Uint8Array(), HPKE_SUITE)), TURNKEY_INFO_HASH);
  const secret = extract(sha256, labeledIkm('secret', new Uint8Array(), HPKE_SUITE), sharedSecret);
  return {
    key: expand(sha256, secret, labeledInfo('key', context, HPKE_SUITE, 32), 32),
    nonce: expand(sha256, secret, labeledInfo('base_nonce', context, HPKE_SUITE, 12), 12),
  };
}

/**
 * Opens an HPKE ciphertext sealed to `receiverPrivate` (Turnkey's `hpkeDecrypt`); undefined when
 * the key or the ciphertext is wrong. `encappedPublic` is the sender's ephemeral key (hex).
 */
export function hpkeOpen(receiverPrivate: Uint8Array, encappedPublic: string, ciphertext: string): Uint8Array | undefined {
  const point = parsePublicKey(encappedPublic);
  const sealed = fromHex(ciphertext);
  if (point === undefined || sealed === undefined) return undefined;
  try {
    const encapped = point.toBytes(false);
    const receiver = p256.getPublicKey(receiverPrivate, false);
    const dh = p256.getSharedSecret(receiverPrivate, encapped).slice(1);
    const { key, nonce } = keySchedule(dh, encapped, receiver);
    return gcm(key, nonce, concat(encapped, receiver)).decrypt(sealed);
  } catch {
    return undefined;
  }
}

/**
 * Seals `plaintext` to `receiverPublic` (hex, any form) with the ephemeral key `ephemeralPrivate`
 * (derived by the caller, so the result is deterministic). Returns Turnkey's bundle JSON fields.
 */
export function hpkeSeal(receiverPublic: string, plaintext: Uint8Array, ephemeralPrivate: Uint8Array): { encappedPublic: string; ciphertext: string } | undefined {
  const point = parsePublicKey(receiverPublic);
  if (point === undefined) return undefined;
  const receiver = point.toBytes(false);
  const encapped = p256.getPublicKey(ephemeralPrivate, false);
  const dh = p256.getSharedSecret(ephemeralPrivate, receiver).slice(1);
  const { key, nonce } = keySchedule(dh, encapped, receiver);
  return { encappedPublic: bytesToHex(encapped), ciphertext: bytesToHex(gcm(key, nonce, concat(encapped, receiver)).encrypt(plaintext)) };
}

/** An ES256 JWT over `claims`, signed by `privateKey` (the OTP verification token). */
export function signJwtEs256(privateKey: Uint8Array, claims: Readonly<Record<string, unknown>>): string {
  const header = toBase64url(utf8ToBytes(JSON.stringify({ alg: 'ES256', typ: 'JWT' })));
  const payload = toBase64url(utf8ToBytes(JSON.stringify(claims)));
  const input = `${header}.${payload}`;
  return `${input}.${toBase64url(signCompact(privateKey, utf8ToBytes(input)))}`;
}

