/**
 * Statement events: the first fetch of an exact statement month and the platform's first
 * delivery receipt. Both are written once per account and month; the first time is kept.
 * JSON-safe (strings only), version 1.
 */

/**
 * The first successful balance-changes fetch whose window was exactly one America/Chicago month,
 * for an account with statements of its own. `periodStart` is the month's first instant with its
 * offset ("2026-03-01T00:00:00-06:00"); `fetchedAt` is the request's instant.
 */
export type StatementFetched = {
  readonly internalAccountId: string;
  readonly periodStart: string;
  readonly fetchedAt: string;
};

/**
 * The first `POST /internal-accounts/{id}/confirm-statement` for an account-month.
 * `statementDeliveredAt` is the time the platform gave (or `confirmedAt` when it gave none);
 * `confirmedAt` is the request's instant.
 */
export type StatementDeliveryConfirmed = {
  readonly internalAccountId: string;
  readonly periodStart: string;
  readonly statementDeliveredAt: string;
  readonly confirmedAt: string;
};

/** Event type names of this domain. */
export const STATEMENT_EVENTS = {
  fetched: 'StatementFetched',
  deliveryConfirmed: 'StatementDeliveryConfirmed',
} as const;

/** The schema version both events are written with. */
export const STATEMENT_EVENT_VERSION = 1;
