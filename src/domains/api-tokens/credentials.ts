/**
 * API token credentials. A token's client secret is the HMAC, under the host's secret, of its id:
 * the host can mint it, nobody holding only the log can, and the log keeps only its SHA-256 hash.
 * `apiTokenAccess` is the Basic-credential lookup the engine hands to `authenticate`, and the rule
 * that decides which requests each permission allows.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { sha256Hex } from '../../log/index.js';
import type { DomainState } from '../state.js';
import type { ApiTokenPermission } from './types.js';

/** Prefix of every client secret, so a leaked one is recognisable in logs and scanners. */
export const API_TOKEN_SECRET_PREFIX = 'sk_';

/** HMAC-SHA256 under the host's secret, as hex (the engine's `secretDigest`). */
export type SecretDigest = (message: string) => string;

/** The client secret of token `tokenId` (shown once, never stored). */
export function apiTokenSecret(tokenId: string, secretDigest: SecretDigest): string {
  return `${API_TOKEN_SECRET_PREFIX}${secretDigest(`api-token-secret|${tokenId}`)}`;
}

/** The hash under which a client secret is stored. */
export function apiTokenSecretHash(clientSecret: string): string {
  return sha256Hex(`api-token-secret|${clientSecret}`);
}

/** The client id of a token: its id's UUID without dashes (the reference's 32 hex digits). */
export function apiTokenClientId(tokenId: string): string {
  return tokenId.slice(tokenId.indexOf(':') + 1).replace(/-/g, '').toLowerCase();
}

/**
 * Writes that move money need TRANSACT; other writes (configuration, tokens, customers, accounts,
 * agents, invitations, stablecoin set-up) need MANAGE; reads (and the read-only POSTs listed)
 * need any permission. Path is the route's template.
 */
export function permissionNeeded(method: string, path: string): ApiTokenPermission | 'ANY' {
  if (method === 'GET' || READ_ONLY_POSTS.has(path)) return 'ANY';
  return TRANSACT_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || MONEY_PATHS.has(path) ? 'TRANSACT' : 'MANAGE';
}

const READ_ONLY_POSTS = new Set(['/crypto/estimate-withdrawal-fee']);
const TRANSACT_PREFIXES = ['/quotes', '/transactions', '/transfer-in', '/transfer-out', '/sandbox', '/cards', '/internal-accounts'];
const MONEY_PATHS = new Set(['/stablecoins/{stablecoinId}/mints', '/stablecoins/{stablecoinId}/burns', '/agents/{agentId}/actions/{actionId}/approve']);

/**
 * Resolves Basic credentials `clientId:clientSecret` of an API token (the id itself holds a colon):
 * undefined when no live token matches (401), 403 FORBIDDEN when the token lacks the permission
 * the request needs, else ok.
 */
export function apiTokenAccess(
  state: DomainState,
  user: string,
  clientSecret: string,
  request: { readonly method: string; readonly path: string },
): Result<true, ApiError> | undefined {
  const tokenId = state.apiTokens.byClientId.get(user);
  const token = tokenId === undefined ? undefined : state.apiTokens.byId.get(tokenId);
  if (token === undefined || token.secretHash !== apiTokenSecretHash(clientSecret)) return undefined;
  const needed = permissionNeeded(request.method, request.path);
  if (needed === 'ANY' || token.permissions.includes(needed)) return ok(true);
  return err(apiError('FORBIDDEN', `API token ${token.id} lacks the ${needed} permission this request needs`, { permission: needed }));
}
