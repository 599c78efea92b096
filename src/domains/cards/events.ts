/**
 * Card events: issue, update (status and/or funding source and limits), digital-wallet
 * provisioning, and the card program. JSON-safe, version 1. Cards move no money.
 */
import type { CardEvent } from './lifecycle.js';
import type { Card, CardLimits, CardProgram, CardStatus } from './types.js';

/** A new card (`POST /cards`). */
export type CardIssued = { readonly card: Card };

/** The fields one update sets; `cleared` lists the card limits it removes (JSON has no undefined). */
export type CardChanges = CardLimits & { readonly fundingSource?: string };

/** A `PATCH /cards/{id}` that changed something. `status` is present when the status moved. */
export type CardUpdated = {
  readonly cardId: string;
  readonly status?: { readonly event: CardEvent; readonly from: CardStatus; readonly to: CardStatus };
  readonly changes: CardChanges;
  readonly cleared: readonly (keyof CardLimits)[];
  readonly updatedAt: string;
};

/**
 * A provisioning payload was issued for a digital wallet (`POST /cards/{id}/tokenize`). The
 * payload itself is not stored: it is re-derivable from the card and `tokenizationId`.
 */
export type CardTokenized = {
  readonly cardId: string;
  readonly tokenizationId: string;
  readonly walletProvider: string;
  readonly tokenizedAt: string;
};

/** The card program after `PATCH /config/cards`. */
export type CardProgramConfigured = { readonly program: CardProgram };

/** Event type names of this domain. */
export const CARD_EVENT_TYPES = {
  issued: 'CardIssued',
  updated: 'CardUpdated',
  tokenized: 'CardTokenized',
  programConfigured: 'CardProgramConfigured',
} as const;
