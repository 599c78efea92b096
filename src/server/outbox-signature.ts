/**
 * Webhook signatures as the reference OpenAPI defines them (security scheme `WebhookSignature`):
 * a P-256 (secp256r1) ECDSA signature over the SHA-256 of the exact request body, base64 in a
 * header. The reference names the header after the operator; here it is `X-Svc-Signature`.
 * Signatures are DER-encoded ECDSA (what node:crypto, OpenSSL and WebCrypto's importers expect).
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/** The header that carries the signature. */
export const SIGNATURE_HEADER = 'X-Svc-Signature';

/** A P-256 private key: a node:crypto KeyObject, or PEM text (PKCS#8 or SEC1). */
export type SigningKey = KeyObject | string;

/** Returns `key` as a P-256 private KeyObject; throws TypeError for another kind of key (a host bug). */
export function p256PrivateKey(key: SigningKey): KeyObject {
  const object = typeof key === 'string' ? createPrivateKey(key) : key;
  const curve = object.asymmetricKeyDetails?.namedCurve;
  if (object.type !== 'private' || object.asymmetricKeyType !== 'ec' || curve !== 'prime256v1') {
    throw new TypeError('the webhook signing key must be a P-256 (prime256v1) EC private key');
  }
  return object;
}

/** The signature header value for `body`: base64 of the DER ECDSA P-256 signature of SHA-256(body). */
export function signWebhookBody(body: string, key: KeyObject): string {
  return sign('sha256', Buffer.from(body, 'utf8'), key).toString('base64');
}

/**
 * What a receiver does: true when `signature` (the header value) is a valid P-256 signature of
 * SHA-256(`body`) under `publicKey` (KeyObject or PEM). Never throws for a malformed signature.
 */
export function verifyWebhookSignature(body: string, signature: string, publicKey: KeyObject | string): boolean {
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    return verify('sha256', Buffer.from(body, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
