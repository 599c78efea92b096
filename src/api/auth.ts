/**
 * Authentication: HTTP Basic for platform operations (`<api token id>:<api client secret>`),
 * Bearer for agents. Header names are case-insensitive (the request parser lower-cases them).
 * Any failure of the platform's own credentials is 401 UNAUTHORIZED.
 */
import { type ApiError, apiError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import type { Principal, RouteAuth } from './route.js';
import { decodeBase64Text, encodeBase64Text } from '../core/base64.js';

/** One pair of platform API credentials. */
export type PlatformCredential = { readonly tokenId: string; readonly clientSecret: string };

/** What authentication needs to know. */
export type AuthConfig = {
  readonly platformId: string;
  readonly credentials: readonly PlatformCredential[];
  /** Resolves an agent access token to its agent and customer (agents arrive in a later issue). */
  readonly agentForToken?: (token: string) => { agentId: string; customerId: string } | undefined;
  /** Resolves Basic credentials of an API token (`POST /tokens`): undefined when unknown (401); an error refuses a known one (403). */
  readonly tokenForCredential?: (user: string, clientSecret: string) => Result<true, ApiError> | undefined;
};

/** Checks the Authorization header against what the route needs. Pure. */
export function authenticate(
  headers: ReadonlyMap<string, string>,
  needed: RouteAuth,
  config: AuthConfig,
): Result<Principal, ApiError> {
  if (needed === 'none') return ok({ kind: 'anonymous' });
  const header = headers.get('authorization');
  if (header === undefined) return err(unauthorized('Missing Authorization header'));
  const space = header.indexOf(' ');
  const scheme = space === -1 ? header : header.slice(0, space);
  const value = space === -1 ? '' : header.slice(space + 1).trim();
  if (needed === 'platform') {
    if (scheme.toLowerCase() !== 'basic') return err(unauthorized('Platform operations need Basic credentials'));
    const decoded = decodeBasic(value);
    const match = decoded !== undefined && config.credentials.some(
      (c) => c.tokenId === decoded.tokenId && c.clientSecret === decoded.clientSecret,
    );
    const token = match || decoded === undefined ? undefined : config.tokenForCredential?.(decoded.tokenId, decoded.clientSecret);
    if (token !== undefined && !token.ok) return token;
    return match || token !== undefined ? ok({ kind: 'platform', platformId: config.platformId }) : err(unauthorized('Invalid platform credentials'));
  }
  if (scheme.toLowerCase() !== 'bearer' || value === '') return err(unauthorized('Agent operations need a Bearer token'));
  const agent = config.agentForToken?.(value);
  return agent === undefined ? err(unauthorized('Invalid or revoked access token')) : ok({ kind: 'agent', ...agent });
}

function decodeBasic(value: string): PlatformCredential | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const text = decodeBase64Text(value);
  if (text === undefined) return undefined;
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  return { tokenId: text.slice(0, colon), clientSecret: text.slice(colon + 1) };
}

function unauthorized(reason: string): ApiError {
  return apiError('UNAUTHORIZED', reason);
}

/** The Authorization header value for a credential (for tests, the CLI and clients). */
export function basicAuthorization(credential: PlatformCredential): string {
  return `Basic ${encodeBase64Text(`${credential.tokenId}:${credential.clientSecret}`)}`;
}
