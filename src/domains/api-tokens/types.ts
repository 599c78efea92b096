/**
 * Platform API tokens (`/tokens`): extra HTTP Basic credentials a platform mints for itself,
 * each with permissions. The record keeps only the SHA-256 hash of the secret (never the secret).
 */

/** What a token may do (reference `Permission`). */
export const API_TOKEN_PERMISSIONS = ['VIEW', 'TRANSACT', 'MANAGE'] as const;
/** One permission of an API token. */
export type ApiTokenPermission = (typeof API_TOKEN_PERMISSIONS)[number];

/** A stored token. JSON-safe; `secretHash` is `apiTokenSecretHash(clientSecret)`. */
export type ApiTokenRecord = {
  readonly id: string;
  readonly name: string;
  readonly permissions: readonly ApiTokenPermission[];
  /** The Basic-auth user name (the id's UUID without dashes). */
  readonly clientId: string;
  readonly secretHash: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};
