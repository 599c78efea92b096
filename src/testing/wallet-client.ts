/**
 * The client side of embedded-wallet auth and SCA, as the simulator plays it: what a real wallet
 * app builds with `@turnkey/crypto` and `@turnkey/api-key-stamper` (an API-key stamp over a
 * payload, an OTP code HPKE-sealed to the engine's `otpEncryptionTargetBundle`), a WebAuthn
 * authenticator (`none` attestation, ES256 assertions) and an OIDC token. Synchronous and pure
 * JS: it uses the same @noble primitives as the engine's enclave side (src/domains/auth/crypto.ts),
 * so this subpath needs no devDependency, no WebCrypto and no `node:`. Keys are derived from a
 * label (the simulator's serial), never drawn at random, so a seed replays byte for byte.
 */
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  derivePrivateKey,
  fromBase64url,
  fromHex,
  hpkeOpen,
  hpkeSeal,
  publicKeyHex,
  sha256Hex,
  signDer,
  signJwtEs256,
  STAMP_SCHEME,
  toBase64url,
  verifyDer,
} from '../domains/auth/crypto.js';

/** A client P-256 key pair (hex), as `generateP256KeyPair` of `@turnkey/crypto` gives it. */
export type ClientKey = { readonly privateKey: string; readonly publicKey: string; readonly publicKeyUncompressed: string };

/** The key pair of `label`: the same label always gives the same key. */
export function clientKey(label: string): ClientKey {
  return keyOfPrivate(bytesToHex(derivePrivateKey((message) => sha256Hex(`payments-engine/testing client|${message}`), label)));
}

/** The key pair of a private key (hex), e.g. a session key the engine sealed to the client. */
export function keyOfPrivate(privateKeyHex: string): ClientKey {
  const privateKey = hexToBytes(privateKeyHex);
  return { privateKey: privateKeyHex, publicKey: publicKeyHex(privateKey), publicKeyUncompressed: publicKeyHex(privateKey, true) };
}

/**
 * Opens `{encappedPublic, ciphertext}` (JSON text) sealed to `key` as UTF-8 text (what
 * `hpkeDecrypt` of `@turnkey/crypto` does); undefined when it is not that shape or does not open.
 */
export function openSealed(key: ClientKey, sealedJson: string): string | undefined {
  try {
    const { encappedPublic, ciphertext } = JSON.parse(sealedJson) as { encappedPublic: string; ciphertext: string };
    const plain = hpkeOpen(hexToBytes(key.privateKey), encappedPublic, ciphertext);
    return plain === undefined ? undefined : new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}

/**
 * The `Svc-Wallet-Signature` value: Turnkey's API-key stamp, base64url of
 * `{"publicKey","scheme","signature"}` with a DER ECDSA signature over SHA-256 of `payload`.
 */
export function stamp(key: ClientKey, payload: string): string {
  const signature = signDer(hexToBytes(key.privateKey), utf8ToBytes(payload));
  return toBase64url(utf8ToBytes(JSON.stringify({ publicKey: key.publicKey, scheme: STAMP_SCHEME, signature })));
}

/**
 * The client's `encryptedOtpBundle` (what `encryptOtpCodeToBundle` makes): checks the bundle's
 * `dataSignature` against `enclavePublicKey` (throws when it does not verify: a client must not
 * seal to an unauthenticated key), then HPKE-seals `{otp_code, public_key}` to its `targetPublic`.
 * `ephemeralLabel` names the ephemeral key (deterministic).
 */
export function sealOtpCode(bundleText: string, enclavePublicKey: string, code: string, key: ClientKey, ephemeralLabel: string): string {
  const bundle = JSON.parse(bundleText) as { data: string; dataSignature: string; enclaveQuorumPublic: string };
  const data = fromHex(bundle.data);
  const signature = fromHex(bundle.dataSignature);
  if (data === undefined || signature === undefined || bundle.enclaveQuorumPublic !== enclavePublicKey || !verifyDer(enclavePublicKey, data, signature)) {
    throw new Error('the otpEncryptionTargetBundle is not signed by the enclave key');
  }
  const { targetPublic } = JSON.parse(new TextDecoder().decode(data)) as { targetPublic: string };
  const ephemeral = hexToBytes(clientKey(`otp-ephemeral|${ephemeralLabel}`).privateKey);
  const sealed = hpkeSeal(targetPublic, utf8ToBytes(JSON.stringify({ otp_code: code, public_key: key.publicKey })), ephemeral);
  if (sealed === undefined) throw new Error('targetPublic is not a P-256 key');
  return JSON.stringify(sealed);
}

/** An OIDC id token (ES256 JWT by an identity provider's key of `issuerLabel`) over `claims`. */
export function oidcToken(claims: Readonly<Record<string, unknown>>, issuerLabel = 'oidc-provider'): string {
  return signJwtEs256(hexToBytes(clientKey(issuerLabel).privateKey), claims);
}

/** The OIDC `nonce` binding a session key: SHA-256 hex of the exact `clientPublicKey` text. */
export function oidcNonce(clientPublicKey: string): string {
  return sha256Hex(clientPublicKey);
}

// ---------------------------------------------------------------- WebAuthn

/** A platform authenticator holding one ES256 credential; `counter` advances with each assertion. */
export type AuthenticatorState = { readonly privateKey: string; readonly credentialId: string; readonly origin: string; readonly rpId: string; counter: number };

/** The authenticator of `label`, bound to `origin` (RP id = its host). */
export function newAuthenticator(label: string, origin: string): AuthenticatorState {
  const rawId = sha256(utf8ToBytes(`credential|${label}`)).slice(0, 16);
  return { privateKey: clientKey(`authenticator|${label}`).privateKey, credentialId: toBase64url(rawId), origin, rpId: new URL(origin).hostname, counter: 0 };
}

type CborItem = number | string | Uint8Array | Map<CborItem, CborItem>;

function cborHead(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 255];
}

/** CBOR of the subset attestation objects use (small ints, text, bytes, maps). */
function cbor(item: CborItem): number[] {
  if (typeof item === 'number') return item >= 0 ? cborHead(0, item) : cborHead(1, -1 - item);
  if (typeof item === 'string') {
    const bytes = [...utf8ToBytes(item)];
    return [...cborHead(3, bytes.length), ...bytes];
  }
  if (item instanceof Uint8Array) return [...cborHead(2, item.length), ...item];
  const out = cborHead(5, item.size);
  for (const [key, value] of item) out.push(...cbor(key), ...cbor(value));
  return out;
}

function authenticatorData(state: AuthenticatorState, flags: number, attested: readonly number[] = []): Uint8Array {
  const c = state.counter;
  return new Uint8Array([...sha256(utf8ToBytes(state.rpId)), flags, (c >>> 24) & 255, (c >>> 16) & 255, (c >>> 8) & 255, c & 255, ...attested]);
}

function rawIdOf(state: AuthenticatorState): Uint8Array {
  return fromBase64url(state.credentialId) ?? new Uint8Array();
}

/** A registration (`none` attestation, user present and attested data) over `challenge` (client-chosen text or the server's base64url). */
export function registration(state: AuthenticatorState, challenge: string): { credentialId: string; clientDataJson: string; attestationObject: string } {
  const point = p256.getPublicKey(hexToBytes(state.privateKey), false);
  const cose = new Map<CborItem, CborItem>([[1, 2], [3, -7], [-1, 1], [-2, point.slice(1, 33)], [-3, point.slice(33, 65)]]);
  const rawId = rawIdOf(state);
  const attested = [...new Uint8Array(16), rawId.length >> 8, rawId.length & 255, ...rawId, ...cbor(cose)];
  const attestationObject = new Uint8Array(cbor(new Map<CborItem, CborItem>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authenticatorData(state, 0x41, attested)]])));
  const clientData = { type: 'webauthn.create', challenge, origin: state.origin };
  return { credentialId: state.credentialId, clientDataJson: toBase64url(utf8ToBytes(JSON.stringify(clientData))), attestationObject: toBase64url(attestationObject) };
}

/** What an assertion is built over: `text` is passed as UTF-8 bytes (auth passkeys), `encoded` is already base64url (SCA). */
export type AssertionChallenge = { readonly text: string } | { readonly encoded: string };

/**
 * An assertion (user present and verified) over `challenge`, the counter advanced first; `origin`
 * overrides the authenticator's (to build a wrong one). Signed over authenticatorData || SHA-256(clientDataJSON).
 */
export function assertion(state: AuthenticatorState, challenge: AssertionChallenge, origin = state.origin): { credentialId: string; clientDataJson: string; authenticatorData: string; signature: string } {
  state.counter += 1;
  const encoded = 'text' in challenge ? toBase64url(utf8ToBytes(challenge.text)) : challenge.encoded;
  const clientData = utf8ToBytes(JSON.stringify({ type: 'webauthn.get', challenge: encoded, origin }));
  const data = authenticatorData(state, 0x05);
  const signature = signDer(hexToBytes(state.privateKey), new Uint8Array([...data, ...sha256(clientData)]));
  return { credentialId: state.credentialId, clientDataJson: toBase64url(clientData), authenticatorData: toBase64url(data), signature: toBase64url(hexToBytes(signature)) };
}

/** An assertion as a browser's `PublicKeyCredential.toJSON()` gives it (the SCA routes' shape). */
export function assertionJson(state: AuthenticatorState, challenge: AssertionChallenge, origin = state.origin): { id: string; rawId: string; type: string; response: { clientDataJSON: string; authenticatorData: string; signature: string } } {
  const a = assertion(state, challenge, origin);
  return { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature } };
}
