/**
 * A card's update: the next stored record built as an object literal of the card's known keys,
 * frozen. Not a spread of the stored record deep-frozen through immer: V8 copies a frozen source
 * through its slow path, and immer's freeze walks every key (docs/architecture.md, "Stored
 * records"). An optional key absent from the card and the changes stays absent; a cleared limit
 * is removed (a clearing wins, as it did when the spread's key was deleted after the changes).
 */
import type { Writable } from '../../core/freeze.js';
import type { CardChanges } from './events.js';
import type { Card, CardLimits, CardStatus } from './types.js';

/** The limit `field` of the next card: removed when cleared, else the change, else the old value. */
function limit<K extends keyof CardLimits>(field: K, before: Card, changes: CardChanges, cleared: readonly (keyof CardLimits)[]): CardLimits[K] | undefined {
  if (cleared.length > 0 && cleared.includes(field)) return undefined;
  return changes[field] ?? before[field];
}

/**
 * `before` with `changes` written in, `cleared` limits removed, `status` and `updatedAt` set, as a
 * new frozen record. Pure: `before` is untouched; its `cardCapabilities` is shared (frozen already).
 */
export function updatedCard(before: Card, changes: CardChanges, cleared: readonly (keyof CardLimits)[], status: CardStatus, updatedAt: string): Card {
  // The required keys first, then the optional ones when present.
  const next: Writable<Card> = {
    id: before.id,
    customerId: before.customerId,
    fundingSource: changes.fundingSource ?? before.fundingSource,
    form: before.form,
    status,
    last4: before.last4,
    expMonth: before.expMonth,
    expYear: before.expYear,
    brand: before.brand,
    cardCapabilities: before.cardCapabilities,
    provisioningKeyId: before.provisioningKeyId,
    createdAt: before.createdAt,
    updatedAt,
  };
  if (before.platformCardId !== undefined) next.platformCardId = before.platformCardId;
  const perTransaction = limit('maxSpendPerTransactionMinor', before, changes, cleared);
  if (perTransaction !== undefined) next.maxSpendPerTransactionMinor = perTransaction;
  const perDay = limit('maxSpendPerDayMinor', before, changes, cleared);
  if (perDay !== undefined) next.maxSpendPerDayMinor = perDay;
  const transactionsPerDay = limit('maxTransactionsPerDay', before, changes, cleared);
  if (transactionsPerDay !== undefined) next.maxTransactionsPerDay = transactionsPerDay;
  return Object.freeze(next);
}
