/** The wire shape of an API token (reference `ApiToken`); `clientSecret` only in the create answer. */
import type { ApiTokenPermission, ApiTokenRecord } from './types.js';

/** An ApiToken as answered. */
export type ApiTokenView = {
  readonly id: string;
  readonly name: string;
  readonly permissions: readonly ApiTokenPermission[];
  readonly clientId: string;
  readonly clientSecret?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The wire view of a token, never with its hash. */
export function apiTokenView(token: ApiTokenRecord): ApiTokenView {
  return { id: token.id, name: token.name, permissions: token.permissions, clientId: token.clientId, createdAt: token.createdAt, updatedAt: token.updatedAt };
}
