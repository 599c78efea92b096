/** API tokens (`/tokens`): platform credentials with permissions; see docs/api-tokens.md. */
export { API_TOKEN_EVENTS, type ApiTokenCreated, type ApiTokenDeleted } from './events.js';
export { apiTokenAccess, apiTokenClientId, apiTokenSecret, apiTokenSecretHash, permissionNeeded, API_TOKEN_SECRET_PREFIX } from './credentials.js';
export { decideCreateToken, decideDeleteToken, tokenNotFound, type CreateTokenCommand } from './decide.js';
export { apiTokenView, type ApiTokenView } from './view.js';
export { API_TOKEN_PERMISSIONS, type ApiTokenPermission, type ApiTokenRecord } from './types.js';
export { type ApiTokenStore, emptyApiTokenStore } from './store.js';
