/**
 * The ledger accounts of a stablecoin. The ledger only knows registered currency codes and a
 * coin's symbol is chosen by the platform, so a coin is carried in minor units of its base
 * currency (exact, by the representability rule): per coin, three kinds of accounts in that
 * currency:
 * - `stablecoin-reserve:<SYMBOL>`: the fiat backing the provider holds (mints pay in, burns pay
 *   out); may not go negative;
 * - `stablecoin-issued:<SYMBOL>`: the issuer's side of the supply; its balance is minus the
 *   outstanding supply, so it may never go positive (credits must not exceed debits);
 * - `stablecoin-holding:<SYMBOL>:<InternalAccount id>`: the tokens an internal account holds;
 *   may not go negative (pending debits count).
 * Reserve and issued open when the coin is registered; a holding when a mint first completes into
 * it. All through the engine's `LedgerAccountOpened` event. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { Ledger } from '../../ledger/index.js';
import type { EventDraft } from '../evolver.js';

/**
 * The engine's `LedgerAccountOpened` event type (src/engine/engine-events.ts), named here because
 * domains sit below the engine; a test checks the two agree.
 */
export const LEDGER_ACCOUNT_OPENED = 'LedgerAccountOpened';

/** The fiat reserve of the coin `symbol`. */
export function reserveAccountId(symbol: string): string {
  return `stablecoin-reserve:${symbol}`;
}

/** The issuance account of the coin `symbol` (minus its outstanding supply). */
export function issuedAccountId(symbol: string): string {
  return `stablecoin-issued:${symbol}`;
}

/** The tokens of `symbol` held for the internal account `accountId`. */
export function holdingAccountId(symbol: string, accountId: string): string {
  return `stablecoin-holding:${symbol}:${accountId}`;
}

/** The data of the engine's `LedgerAccountOpened` event (the domain cannot import the engine). */
export type StablecoinLedgerAccountOpened = {
  readonly id: string;
  readonly currency: CurrencyCode;
  readonly debitsMustNotExceedCredits?: boolean;
  readonly creditsMustNotExceedDebits?: boolean;
};

/** `LedgerAccountOpened` drafts for a new coin's reserve and issuance accounts. Pure. */
export function openCoinAccounts(symbol: string, currency: CurrencyCode): EventDraft[] {
  const reserve: StablecoinLedgerAccountOpened = { id: reserveAccountId(symbol), currency, debitsMustNotExceedCredits: true };
  const issued: StablecoinLedgerAccountOpened = { id: issuedAccountId(symbol), currency, creditsMustNotExceedDebits: true };
  return [
    { type: LEDGER_ACCOUNT_OPENED, data: reserve },
    { type: LEDGER_ACCOUNT_OPENED, data: issued },
  ];
}

/** The `LedgerAccountOpened` draft for a holding, or none when the ledger has it already. Pure. */
export function openHoldingAccount(ledger: Ledger, symbol: string, accountId: string, currency: CurrencyCode): EventDraft[] {
  const id = holdingAccountId(symbol, accountId);
  if (ledger.account(id) !== undefined) return [];
  const data: StablecoinLedgerAccountOpened = { id, currency, debitsMustNotExceedCredits: true };
  return [{ type: LEDGER_ACCOUNT_OPENED, data }];
}
