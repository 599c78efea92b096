/** Shapes a card for the wire: limits as JSON integers, the provisioning key id left out. */
import type { Card } from './types.js';

/**
 * The wire form of a card: the spec copy's fields and the reference's Card names beside them
 * (`cardholderId` = `customerId`, `state` = `status`, `fundingSources` = `[fundingSource]`,
 * `maxSpendPerTransaction` null when the card sets none).
 */
export type CardView = {
  readonly id: string;
  readonly customerId: string;
  readonly cardholderId: string;
  readonly fundingSource: string;
  readonly fundingSources: readonly string[];
  readonly form: string;
  readonly status: string;
  readonly state: string;
  readonly platformCardId?: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly brand: string;
  readonly cardCapabilities: { readonly supportsDigitalWalletTokenization: boolean };
  readonly maxSpendPerTransaction: number | null;
  readonly maxSpendPerDay?: number;
  readonly maxTransactionsPerDay?: number;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The wire form of `card`; a limit the card does not set is absent (maxSpendPerTransaction: null). Pure. */
export function cardView(card: Card): CardView {
  return {
    id: card.id,
    customerId: card.customerId,
    cardholderId: card.customerId,
    fundingSource: card.fundingSource,
    fundingSources: [card.fundingSource],
    form: card.form,
    status: card.status,
    state: card.status,
    ...(card.platformCardId === undefined ? {} : { platformCardId: card.platformCardId }),
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    brand: card.brand,
    cardCapabilities: { supportsDigitalWalletTokenization: card.cardCapabilities.supportsDigitalWalletTokenization },
    maxSpendPerTransaction: card.maxSpendPerTransactionMinor === undefined ? null : Number(card.maxSpendPerTransactionMinor),
    ...(card.maxSpendPerDayMinor === undefined ? {} : { maxSpendPerDay: Number(card.maxSpendPerDayMinor) }),
    ...(card.maxTransactionsPerDay === undefined ? {} : { maxTransactionsPerDay: card.maxTransactionsPerDay }),
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}
