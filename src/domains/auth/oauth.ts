/**
 * OIDC token checks of the sandbox (spec: Embedded wallet auth in sandbox): JWT-shaped, claims
 * `iss` (supported issuer), `aud` (non-empty string or one-element array), `sub`, `iat` at most
 * 60 s old (5 s skew), `exp` in the future; the signature segment may be anything. Claims are
 * decoded with `jose` (`decodeJwt`: synchronous, no WebCrypto). Pure.
 */
import { decodeJwt } from 'jose';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';

/** Issuers the sandbox accepts. */
export const SUPPORTED_OIDC_ISSUERS: readonly string[] = ['https://accounts.google.com', 'accounts.google.com', 'https://appleid.apple.com', 'https://login.microsoftonline.com', 'https://www.facebook.com'];
/** Oldest `iat` accepted. */
export const OIDC_MAX_AGE_MS = 60_000;
/** Clock skew allowed on `iat` in the future. */
export const OIDC_SKEW_MS = 5_000;

/** The identity a token carries, and its nonce when present. */
export type OidcIdentity = { readonly iss: string; readonly aud: string; readonly sub: string; readonly nonce?: string };

function unauthorized(reason: string): ApiError {
  return apiError('UNAUTHORIZED', reason);
}

/** Checks a token at `nowMs`: 400 INVALID_INPUT when malformed or issuer unsupported, 401 when stale. */
export function checkOidcToken(token: string, nowMs: number): Result<OidcIdentity, ApiError> {
  let claims: Record<string, unknown>;
  try {
    if (token.split('.').length !== 3) throw new Error('not three segments');
    claims = decodeJwt(token) as Record<string, unknown>;
  } catch {
    return err(invalidInput([{ field: 'oidcToken', message: 'oidcToken must be a JWT (three base64url segments with a JSON payload)' }], 'Malformed OIDC token'));
  }
  const { iss, aud, sub, iat, exp, nonce } = claims;
  if (typeof iss !== 'string' || !SUPPORTED_OIDC_ISSUERS.includes(iss)) {
    return err(invalidInput([{ field: 'oidcToken', message: `iss must be a supported issuer (${SUPPORTED_OIDC_ISSUERS.join(', ')})` }], 'Unsupported OIDC issuer'));
  }
  const audience = Array.isArray(aud) && aud.length === 1 ? aud[0] : aud;
  if (typeof audience !== 'string' || audience === '') return err(invalidInput([{ field: 'oidcToken', message: 'aud must be a non-empty string or a one-element array' }], 'Malformed OIDC token'));
  if (typeof sub !== 'string' || sub === '') return err(invalidInput([{ field: 'oidcToken', message: 'sub must be a non-empty string' }], 'Malformed OIDC token'));
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return err(invalidInput([{ field: 'oidcToken', message: 'iat must be numeric' }], 'Malformed OIDC token'));
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return err(invalidInput([{ field: 'oidcToken', message: 'exp must be numeric' }], 'Malformed OIDC token'));
  const iatMs = iat * 1000;
  if (iatMs < nowMs - OIDC_MAX_AGE_MS) return err(unauthorized('OIDC token too old: iat must be at most 60 seconds before the request'));
  if (iatMs > nowMs + OIDC_SKEW_MS) return err(unauthorized('OIDC token issued in the future (iat beyond the 5 second skew)'));
  if (exp * 1000 <= nowMs) return err(unauthorized('OIDC token expired'));
  return ok({ iss, aud: audience, sub, ...(typeof nonce === 'string' ? { nonce } : {}) });
}
