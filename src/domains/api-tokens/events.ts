/** API token events. Neither carries a secret: only its hash. */
import type { ApiTokenRecord } from './types.js';

/** A token was created (`POST /tokens`). */
export type ApiTokenCreated = { readonly token: ApiTokenRecord };
/** A token was deleted (`DELETE /tokens/{tokenId}`): its credential stops working. */
export type ApiTokenDeleted = { readonly tokenId: string };

/** Event type names of this domain. */
export const API_TOKEN_EVENTS = { created: 'ApiTokenCreated', deleted: 'ApiTokenDeleted' } as const;
