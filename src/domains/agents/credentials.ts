/**
 * Agent credentials: device codes (short, typed by a person, single use, expiring) and access
 * tokens (Bearer). Both are an HMAC, under the host's secret, of freshly minted ids: deterministic
 * for the host (no randomness in src/), but not computable by anyone who holds only the log,
 * which stores nothing but their SHA-256 hashes. `agentForToken` is the Bearer lookup the engine
 * hands to `authenticate`.
 */
import { assert } from '../../core/assert.js';
import { sha256Hex } from '../../log/index.js';
import type { DomainState } from '../state.js';
import { liveAgent } from './store.js';

/** How long a device code can be redeemed: 15 minutes (RFC 8628's customary lifetime). */
export const DEVICE_CODE_TTL_MS = 15 * 60_000;

/** Device code letters: 20 consonants without vowels (no words) or look-alikes (RFC 8628 §6.1). */
export const DEVICE_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
/** Letters in a device code (shown as XXXX-XXXX): 20^8, about 34.6 bits, for a code that lives 15 minutes. */
export const DEVICE_CODE_LENGTH = 8;
/** Most ids tried for a device code whose hash is not yet taken (a bound on the loop). */
const DEVICE_CODE_ATTEMPTS_MAX = 8;

/** The prefix of every access token, so a leaked one is recognisable in logs and scanners. */
export const ACCESS_TOKEN_PREFIX = 'agt_';

/** The hash under which a device code is stored (of its canonical form). */
export function deviceCodeHash(canonicalCode: string): string {
  return sha256Hex(`agent-device-code|${canonicalCode}`);
}

/** The hash under which an access token is stored. */
export function accessTokenHash(token: string): string {
  return sha256Hex(`agent-access-token|${token}`);
}

/** A code as a person may type it (any case, with or without the dash or spaces) in canonical form. */
export function canonicalDeviceCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** HMAC-SHA256 under the host's secret, as hex (the engine's `secretDigest`). */
export type SecretDigest = (message: string) => string;

/** Canonical letters from the keyed digest of `seedText` by rejection sampling (no bias), or undefined if it runs short. */
function lettersFrom(secretDigest: SecretDigest, seedText: string): string | undefined {
  const hex = secretDigest(`device-code-letters|${seedText}`);
  const size = DEVICE_CODE_ALPHABET.length;
  const unbiasedBelow = 256 - (256 % size);
  let out = '';
  for (let i = 0; i + 2 <= hex.length && out.length < DEVICE_CODE_LENGTH; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    if (byte < unbiasedBelow) out += DEVICE_CODE_ALPHABET[byte % size] as string;
  }
  return out.length === DEVICE_CODE_LENGTH ? out : undefined;
}

/** A new device code: its display form (XXXX-XXXX) and the hash to store. */
export type NewDeviceCode = { readonly code: string; readonly codeHash: string };

/**
 * Mints a device code whose hash no earlier code has (so a code is never issued twice), from ids
 * minted by `newId`, keyed by the host's secret. Pure given `newId` and `secretDigest`.
 */
export function newDeviceCode(state: DomainState, newId: (type: string) => string, secretDigest: SecretDigest): NewDeviceCode {
  for (let attempt = 0; attempt < DEVICE_CODE_ATTEMPTS_MAX; attempt += 1) {
    const letters = lettersFrom(secretDigest, newId('DeviceCode'));
    if (letters === undefined) continue;
    const codeHash = deviceCodeHash(letters);
    if (state.agents.deviceCodes.has(codeHash)) continue;
    return { code: `${letters.slice(0, 4)}-${letters.slice(4)}`, codeHash };
  }
  assert(false, `no free device code in ${DEVICE_CODE_ATTEMPTS_MAX} attempts`);
}

/** A new access token (256 bits: the keyed digest of two minted ids) and the hash to store. */
export function newAccessToken(newId: (type: string) => string, secretDigest: SecretDigest): { readonly token: string; readonly tokenHash: string } {
  const token = `${ACCESS_TOKEN_PREFIX}${secretDigest(`access-token|${newId('AccessToken')}|${newId('AccessToken')}`)}`;
  return { token, tokenHash: accessTokenHash(token) };
}

/**
 * The agent and customer a Bearer token belongs to, or undefined for an unknown or revoked token
 * (a deleted agent's token is revoked: 401). A paused agent still resolves, so its routes can
 * answer 403 with the reason.
 */
export function agentForToken(state: DomainState, token: string): { agentId: string; customerId: string } | undefined {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
  const agentId = state.agents.agentByTokenHash.get(accessTokenHash(token));
  const agent = agentId === undefined ? undefined : liveAgent(state.agents, agentId);
  return agent === undefined ? undefined : { agentId: agent.id, customerId: agent.customerId };
}
