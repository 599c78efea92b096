/**
 * The reference's names of stablecoin request fields beside the spec copy's (issue 12), checked
 * and folded as cards do (card-spellings.ts): either name may be given; both given must say the
 * same, else 400 naming the reference's field and the rule. The copy's name is what the engine keeps.
 */

/** `symbol` / `providerTokenIdentifier` on `POST /stablecoins` (one of them required). */
export const REGISTER_SPELLINGS = [{ copy: 'symbol', reference: 'providerTokenIdentifier', list: false }] as const;

/** `externalReference` / `providerAccountId` on `POST /stablecoin-provider-accounts` (one of them required). */
export const LINK_SPELLINGS = [{ copy: 'externalReference', reference: 'providerAccountId', list: false }] as const;

/** `type` / `operationType` on `GET /stablecoins/{id}/operations` (both optional). */
export const OPERATION_QUERY_SPELLINGS = [{ copy: 'type', reference: 'operationType', list: false }] as const;
