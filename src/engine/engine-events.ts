/**
 * Events the engine itself writes: a stored first response for an idempotency key, and plain
 * ledger transfers (adjustments, migrations, benchmarks) that belong to no other resource.
 */
import { assert } from '../core/assert.js';
import type { CurrencyCode } from '../core/currency.js';
import type { EvolverTable } from '../domains/evolver.js';
import type { TransferRecord } from '../domains/movement.js';
import { storedResponse } from './idempotent-responses.js';

/** The first response to a request with an `Idempotency-Key`. */
export type IdempotentResponseStored = {
  readonly key: string;
  readonly fingerprint: string;
  readonly status: number;
  readonly body: unknown;
};

/** A ledger account with no resource of its own (in transit, fee revenue, liquidity, benchmarks). */
export type LedgerAccountOpened = {
  readonly id: string;
  readonly currency: CurrencyCode;
  readonly debitsMustNotExceedCredits?: boolean;
  readonly creditsMustNotExceedDebits?: boolean;
};

/** Money moved between ledger accounts with no other domain meaning. */
export type LedgerTransfersCreated = { readonly transfers: readonly TransferRecord[] };

/** Event type names the engine writes. */
export const ENGINE_EVENTS = {
  idempotentResponseStored: 'IdempotentResponseStored',
  ledgerTransfersCreated: 'LedgerTransfersCreated',
  ledgerAccountOpened: 'LedgerAccountOpened',
} as const;

/** Evolvers for engine events. */
export const engineEvolvers: EvolverTable = {
  [ENGINE_EVENTS.idempotentResponseStored]: (state, event) => {
    const data = event.data as IdempotentResponseStored;
    // The store packs the response at once: it is read again only on a retry.
    state.idempotency.set(data.key, storedResponse(state, data));
  },
  [ENGINE_EVENTS.ledgerAccountOpened]: (state, event) => {
    const data = event.data as LedgerAccountOpened;
    const flags = {
      ...(data.debitsMustNotExceedCredits === true ? { debitsMustNotExceedCredits: true } : {}),
      ...(data.creditsMustNotExceedDebits === true ? { creditsMustNotExceedDebits: true } : {}),
    };
    const opened = state.ledger.openAccount({ id: data.id, currency: data.currency, flags });
    assert(opened.ok, `ledger refused account ${data.id}`);
  },
  [ENGINE_EVENTS.ledgerTransfersCreated]: () => {
    // The movement is data.transfers, applied for every event.
  },
};
