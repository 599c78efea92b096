/**
 * WebAuthn for passkey credentials, synchronous: registration (attestation object with `none`
 * attestation: credential id, ES256 COSE key, RP id hash, origin) and assertion verification
 * (credential id, challenge, origin and RP binding, user-presence bit, ECDSA signature over
 * authenticatorData || SHA-256(clientDataJSON), signature counter). `@simplewebauthn/server`'s
 * verifiers are async (WebCrypto) and `handle` is synchronous, so the checks it makes are done
 * here with `@noble/curves` and a minimal CBOR reader. Pure.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { fromBase64url, toBase64url, toHex, verifyDer } from './crypto.js';

/** The legacy assertion signature the sandbox still accepts, skipping verification (spec). */
export const LEGACY_PASSKEY_SIGNATURE = 'sandbox-valid-passkey-signature';

/** The attestation fields of `POST /auth/credentials` (reference PasskeyAttestation). */
export type PasskeyRegistration = { readonly credentialId: string; readonly clientDataJson: string; readonly attestationObject: string; readonly transports?: readonly string[] };
/** The assertion fields of a verify (reference PasskeyAssertion). */
export type AssertionInput = { readonly credentialId: string; readonly clientDataJson: string; readonly authenticatorData: string; readonly signature: string; readonly userHandle?: string };
/** What the engine keeps of a registered passkey. */
export type StoredPasskey = { readonly credentialId: string; readonly publicKey: string; readonly rpId: string; readonly origin: string; readonly signCount: number };

type Cbor = number | bigint | string | Uint8Array | boolean | null | undefined | Cbor[] | Map<Cbor, Cbor>;

/** Reads one CBOR item (the subset authenticators emit); throws on anything else. */
function readCbor(bytes: Uint8Array, start: number, depth = 0): [Cbor, number] {
  if (depth > 16) throw new Error('CBOR too deep');
  const head = bytes[start];
  if (head === undefined) throw new Error('CBOR truncated');
  const major = head >> 5;
  const info = head & 31;
  let offset = start + 1;
  let length: number;
  if (info < 24) length = info;
  else if (info === 24) length = bytes[offset++] ?? -1;
  else if (info === 25) { length = ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0); offset += 2; }
  else if (info === 26) { length = ((bytes[offset] ?? 0) * 2 ** 24) + (((bytes[offset + 1] ?? 0) << 16) | ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0)); offset += 4; }
  else throw new Error('CBOR length form not supported');
  if (length < 0) throw new Error('CBOR truncated');
  switch (major) {
    case 0: return [length, offset];
    case 1: return [-1 - length, offset];
    case 2:
    case 3: {
      if (offset + length > bytes.length) throw new Error('CBOR truncated');
      const slice = bytes.slice(offset, offset + length);
      return [major === 2 ? slice : new TextDecoder('utf-8', { fatal: true }).decode(slice), offset + length];
    }
    case 4: {
      const items: Cbor[] = [];
      for (let i = 0; i < length; i += 1) { const [item, next] = readCbor(bytes, offset, depth + 1); items.push(item); offset = next; }
      return [items, offset];
    }
    case 5: {
      const map = new Map<Cbor, Cbor>();
      for (let i = 0; i < length; i += 1) {
        const [key, afterKey] = readCbor(bytes, offset, depth + 1);
        const [value, afterValue] = readCbor(bytes, afterKey, depth + 1);
        map.set(key, value);
        offset = afterValue;
      }
      return [map, offset];
    }
    case 7:
      if (info === 20) return [false, offset];
      if (info === 21) return [true, offset];
      if (info === 22) return [null, offset];
      throw new Error('CBOR simple value not supported');
    default: throw new Error('CBOR major type not supported');
  }
}

function bad(field: string, message: string): ApiError {
  return invalidInput([{ field, message }]);
}

type ClientData = { readonly type: string; readonly challenge: string; readonly origin: string };

function parseClientData(encoded: string): ClientData | undefined {
  const bytes = fromBase64url(encoded);
  if (bytes === undefined) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    const { type, challenge, origin } = parsed;
    return typeof type === 'string' && typeof challenge === 'string' && typeof origin === 'string' ? { type, challenge, origin } : undefined;
  } catch {
    return undefined;
  }
}

function rpIdOf(origin: string): string | undefined {
  const match = /^(https:\/\/([a-z0-9.-]+)(:\d+)?|http:\/\/(localhost)(:\d+)?)$/i.exec(origin);
  return match === null ? undefined : (match[2] ?? match[4])?.toLowerCase();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Checks a registration: clientData of type `webauthn.create` over `challenge` from an https
 * origin, authenticator data bound to that origin's RP id with user presence and an ES256
 * (P-256) credential whose id matches `credentialId`. Gives the passkey to store.
 */
export function parseRegistration(attestation: PasskeyRegistration, challenge: string): Result<StoredPasskey, ApiError> {
  const clientData = parseClientData(attestation.clientDataJson);
  if (clientData === undefined) return err(bad('attestation.clientDataJson', 'clientDataJson must be base64url JSON with type, challenge and origin'));
  if (clientData.type !== 'webauthn.create') return err(bad('attestation.clientDataJson', 'clientDataJson.type must be webauthn.create'));
  if (clientData.challenge !== challenge) return err(bad('challenge', 'challenge does not match clientDataJson.challenge'));
  const rpId = rpIdOf(clientData.origin);
  if (rpId === undefined) return err(bad('attestation.clientDataJson', 'origin must be https (or http://localhost)'));
  const raw = fromBase64url(attestation.attestationObject);
  if (raw === undefined) return err(bad('attestation.attestationObject', 'attestationObject must be base64url CBOR'));
  let authData: Uint8Array;
  try {
    const [object] = readCbor(raw, 0);
    const data = object instanceof Map ? object.get('authData') : undefined;
    if (!(data instanceof Uint8Array)) throw new Error('no authData');
    authData = data;
  } catch {
    return err(bad('attestation.attestationObject', 'attestationObject must be a CBOR map with authData'));
  }
  if (authData.length < 55 || ((authData[32] ?? 0) & 0x40) === 0) return err(bad('attestation.attestationObject', 'authData must carry attested credential data'));
  if (!sameBytes(authData.slice(0, 32), sha256(utf8ToBytes(rpId)))) return err(bad('attestation.attestationObject', 'authData RP id hash does not match the origin'));
  if (((authData[32] ?? 0) & 0x01) === 0) return err(bad('attestation.attestationObject', 'user presence flag not set'));
  const signCount = new DataView(authData.buffer, authData.byteOffset + 33, 4).getUint32(0);
  const idLength = ((authData[53] ?? 0) << 8) | (authData[54] ?? 0);
  const credentialId = authData.slice(55, 55 + idLength);
  if (toBase64url(credentialId) !== attestation.credentialId.replace(/=+$/, '')) return err(bad('attestation.credentialId', 'credentialId does not match the attested credential'));
  let publicKey: string;
  try {
    const [cose] = readCbor(authData, 55 + idLength);
    if (!(cose instanceof Map) || cose.get(1) !== 2 || cose.get(3) !== -7 || cose.get(-1) !== 1) throw new Error('not ES256');
    const x = cose.get(-2);
    const y = cose.get(-3);
    if (!(x instanceof Uint8Array) || !(y instanceof Uint8Array) || x.length !== 32 || y.length !== 32) throw new Error('bad coordinates');
    publicKey = `04${toHex(x)}${toHex(y)}`;
  } catch {
    return err(bad('attestation.attestationObject', 'the credential public key must be an ES256 (P-256) COSE key'));
  }
  return ok({ credentialId: toBase64url(credentialId), publicKey, rpId, origin: clientData.origin, signCount });
}

/**
 * Verifies an assertion against the stored passkey and the challenge (hex) the engine issued:
 * the client encodes the challenge's UTF-8 bytes, so clientData.challenge = base64url(challenge).
 * Failures are 401 UNAUTHORIZED, each with its own reason. Gives the new signature counter.
 */
export function verifyAssertion(passkey: StoredPasskey, assertion: AssertionInput, challenge: string): Result<{ signCount: number }, ApiError> {
  return verifyAssertionOver(passkey, assertion, toBase64url(utf8ToBytes(challenge)));
}

/** As `verifyAssertion`, with the exact `clientDataJSON.challenge` value expected (base64url). */
export function verifyAssertionOver(passkey: StoredPasskey, assertion: AssertionInput, expectedChallenge: string): Result<{ signCount: number }, ApiError> {
  const fail = (reason: string): Result<never, ApiError> => err(apiError('UNAUTHORIZED', reason));
  if (assertion.credentialId.replace(/=+$/, '') !== passkey.credentialId) return fail('The assertion names a different WebAuthn credential');
  const clientData = parseClientData(assertion.clientDataJson);
  const clientDataBytes = fromBase64url(assertion.clientDataJson);
  if (clientData === undefined || clientDataBytes === undefined) return fail('clientDataJson is not base64url JSON with type, challenge and origin');
  if (clientData.type !== 'webauthn.get') return fail('clientDataJson.type must be webauthn.get');
  if (clientData.challenge !== expectedChallenge) return fail('The assertion is not over the issued challenge');
  if (clientData.origin !== passkey.origin) return fail('The assertion comes from another origin than the registration');
  const authData = fromBase64url(assertion.authenticatorData);
  if (authData === undefined || authData.length < 37) return fail('authenticatorData is not base64url authenticator data');
  if (!sameBytes(authData.slice(0, 32), sha256(utf8ToBytes(passkey.rpId)))) return fail('authenticatorData is bound to another relying party');
  if (((authData[32] ?? 0) & 0x01) === 0) return fail('user presence flag not set');
  const signature = fromBase64url(assertion.signature);
  const signed = new Uint8Array(authData.length + 32);
  signed.set(authData, 0);
  signed.set(sha256(clientDataBytes), authData.length);
  if (signature === undefined || !verifyDer(passkey.publicKey, signed, signature)) return fail('The assertion signature does not verify with the registered key');
  const signCount = new DataView(authData.buffer, authData.byteOffset + 33, 4).getUint32(0);
  if ((signCount !== 0 || passkey.signCount !== 0) && signCount <= passkey.signCount) return fail('The signature counter did not advance (possible cloned authenticator)');
  return ok({ signCount });
}
