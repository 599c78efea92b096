/**
 * Card reveals (`POST /cards/{id}/reveal`): each reveal is audit-logged with the requesting actor
 * (reference revealCard). The event holds who, which card and until when the URL works; never
 * the URL, which is a bearer secret for the full card details.
 */

/** A reveal URL was minted for `cardId` by `actor` (the principal's key), valid until `expiresAt`. */
export type CardRevealed = { readonly cardId: string; readonly actor: string; readonly expiresAt: string };

/** Event type names of this domain. */
export const CARD_REVEAL_EVENTS = { revealed: 'CardRevealed' } as const;
