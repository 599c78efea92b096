/**
 * A WebAuthn authenticator as a test plays it: a P-256 credential, `none` attestation encoded as
 * CBOR by hand, and assertions signed over authenticatorData || SHA-256(clientDataJSON).
 */
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 255];
}

type Item = number | string | Uint8Array | Map<Item, Item>;

/** CBOR of the subset attestation objects use. */
export function cbor(item: Item): number[] {
  if (typeof item === 'number') return item >= 0 ? head(0, item) : head(1, -1 - item);
  if (typeof item === 'string') { const bytes = [...Buffer.from(item, 'utf8')]; return [...head(3, bytes.length), ...bytes]; }
  if (item instanceof Uint8Array) return [...head(2, item.length), ...item];
  const out = head(5, item.size);
  for (const [k, v] of item) out.push(...cbor(k), ...cbor(v));
  return out;
}

/** An authenticator bound to `origin` (RP id = its host). */
export class Authenticator {
  readonly privateKey = p256.utils.randomSecretKey();
  readonly rawId = new Uint8Array(sha256(new TextEncoder().encode(`cred-${Math.random()}`)).slice(0, 16));
  counter = 0;
  constructor(readonly origin = 'https://wallet.example.com', readonly rpId = new URL(origin).hostname) {}

  get credentialId(): string { return b64url(this.rawId); }

  private authData(flags: number, attested?: Uint8Array): Uint8Array {
    const counter = [(this.counter >>> 24) & 255, (this.counter >>> 16) & 255, (this.counter >>> 8) & 255, this.counter & 255];
    return new Uint8Array([...sha256(new TextEncoder().encode(this.rpId)), flags, ...counter, ...(attested ?? [])]);
  }

  /** The `attestation` of `POST /auth/credentials` for a client-chosen `challenge`. */
  register(challenge: string, overrides: { type?: string; origin?: string } = {}) {
    const point = p256.getPublicKey(this.privateKey, false);
    const cose = new Map<Item, Item>([[1, 2], [3, -7], [-1, 1], [-2, point.slice(1, 33)], [-3, point.slice(33, 65)]]);
    const attested = new Uint8Array([...new Uint8Array(16), this.rawId.length >> 8, this.rawId.length & 255, ...this.rawId, ...cbor(cose)]);
    const attestationObject = new Uint8Array(cbor(new Map<Item, Item>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(0x41, attested)]])));
    const clientData = { type: overrides.type ?? 'webauthn.create', challenge, origin: overrides.origin ?? this.origin };
    return { credentialId: this.credentialId, clientDataJson: b64url(new TextEncoder().encode(JSON.stringify(clientData))), attestationObject: b64url(attestationObject), transports: ['internal'] };
  }

  /** An assertion over the engine's hex `challenge` (UTF-8 bytes, as the reference says). */
  assert(challenge: string, overrides: { origin?: string; flags?: number; advance?: boolean; challengeBytes?: string; encodedChallenge?: string } = {}) {
    if (overrides.advance !== false) this.counter += 1;
    const clientData = { type: 'webauthn.get', challenge: overrides.encodedChallenge ?? b64url(new TextEncoder().encode(overrides.challengeBytes ?? challenge)), origin: overrides.origin ?? this.origin };
    const clientDataBytes = new TextEncoder().encode(JSON.stringify(clientData));
    const authData = this.authData(overrides.flags ?? 0x05);
    const signed = new Uint8Array([...authData, ...sha256(clientDataBytes)]);
    const signature = p256.sign(signed, this.privateKey, { format: 'der' });
    return { credentialId: this.credentialId, clientDataJson: b64url(clientDataBytes), authenticatorData: b64url(authData), signature: b64url(signature) };
  }
}
