/**
 * The ledger accounts money flows through (docs/ledger.md): the customer's internal account (its
 * own id), the platform's fee revenue `fees:platform:<CCY>`, the service's (rail) fee revenue
 * `fees:service:<CCY>`, one FX liquidity account per currency `liquidity:<CCY>`, money in transit
 * per rail `transit:<RAIL>:<CCY>`, and the outside world `world:<CCY>` (opened at genesis).
 * Flow accounts are opened lazily with the engine's `LedgerAccountOpened` event. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { Ledger } from '../../ledger/index.js';
import type { EventDraft } from '../evolver.js';
import { worldAccountId } from '../movement.js';

export { worldAccountId };

/**
 * The engine's `LedgerAccountOpened` event (src/engine/engine-events.ts), named here because
 * domains sit below the engine and may not import it; the engine's evolver applies it.
 */
export const LEDGER_ACCOUNT_OPENED = 'LedgerAccountOpened';

/** The data of `LedgerAccountOpened` (same shape as the engine's type). */
export type FlowAccountOpened = {
  readonly id: string;
  readonly currency: CurrencyCode;
  readonly debitsMustNotExceedCredits?: boolean;
};

/** The platform's own cut (`platformFeesIncluded`), in the sending currency. */
export function platformFeeAccountId(currency: CurrencyCode): string {
  return `fees:platform:${currency}`;
}

/** The service's fee revenue (the rail fee of `feesIncluded`), in the sending currency. */
export function serviceFeeAccountId(currency: CurrencyCode): string {
  return `fees:service:${currency}`;
}

/** The FX desk of one currency: takes in the sending currency, pays out the receiving one. */
export function liquidityAccountId(currency: CurrencyCode): string {
  return `liquidity:${currency}`;
}

/** Money on its way over `rail` (ACH, WIRE, BOOK, UMA, ...), in `currency`. */
export function transitAccountId(rail: string, currency: CurrencyCode): string {
  return `transit:${rail}:${currency}`;
}

/**
 * A flow account to open: fee and transit accounts can never pay out more than they took in
 * (debits must not exceed credits), which catches a flow that refunds twice. Liquidity accounts
 * carry the FX desk's position, which goes negative in the currency it pays out.
 */
export function flowAccountSpec(id: string, currency: CurrencyCode): FlowAccountOpened {
  return id.startsWith('liquidity:') ? { id, currency } : { id, currency, debitsMustNotExceedCredits: true };
}

/**
 * `LedgerAccountOpened` drafts for the flow accounts in `accounts` the ledger does not have yet,
 * each once, in the order given. Pure.
 */
export function openFlowAccounts(ledger: Ledger, accounts: readonly { readonly id: string; readonly currency: CurrencyCode }[]): EventDraft[] {
  const seen = new Set<string>();
  const drafts: EventDraft[] = [];
  for (const { id, currency } of accounts) {
    if (seen.has(id) || ledger.account(id) !== undefined) continue;
    seen.add(id);
    drafts.push({ type: LEDGER_ACCOUNT_OPENED, data: flowAccountSpec(id, currency) });
  }
  return drafts;
}
