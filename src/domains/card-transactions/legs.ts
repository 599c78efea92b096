/**
 * The ledger legs of card flows. Two accounts: the cardholder's funding account (its own id; may
 * not go negative, pending debits count) and the card network's clearing account
 * `card-network:<CCY>`, the issuer's position with the network (purchases cleared minus refunds;
 * settling it with the network is outside the engine). The clearing account has no limit flag:
 * a refund or a credit may take it below zero. Every leg carries the card transaction's id, so
 * balance-change rows name it. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { Ledger } from '../../ledger/index.js';
import type { EventDraft } from '../evolver.js';
import { LEDGER_ACCOUNT_OPENED } from '../flows/ledger-accounts.js';
import type { TransferRecord } from '../movement.js';
import type { CardDirection } from './types.js';

/** The card network's clearing account of one currency. */
export function networkAccountId(currency: CurrencyCode): string {
  return `card-network:${currency}`;
}

/** `LedgerAccountOpened` for the clearing account when the ledger lacks it; written once, lazily. */
export function openNetworkAccount(ledger: Ledger, currency: CurrencyCode): EventDraft[] {
  const id = networkAccountId(currency);
  return ledger.account(id) === undefined ? [{ type: LEDGER_ACCOUNT_OPENED, data: { id, currency } }] : [];
}

/** What a leg needs to know about its card transaction. */
export type LegContext = {
  readonly transactionId: string;
  readonly accountId: string;
  readonly currency: CurrencyCode;
  readonly direction: CardDirection;
};

/** Debit and credit sides: a DEBIT moves account -> network, a CREDIT network -> account. */
function sides(leg: LegContext): { debitAccountId: string; creditAccountId: string } {
  const network = networkAccountId(leg.currency);
  return leg.direction === 'DEBIT'
    ? { debitAccountId: leg.accountId, creditAccountId: network }
    : { debitAccountId: network, creditAccountId: leg.accountId };
}

/** A hold: a pending transfer of `amountMinor` in the transaction's direction (no ledger timeout: expiry is a void written by the timer). */
export function holdLeg(leg: LegContext, id: string, amountMinor: bigint): TransferRecord {
  return { id, ...sides(leg), amountMinor: amountMinor.toString(), transactionId: leg.transactionId, pending: true };
}

/** A posted movement in the transaction's direction (an over-clearing's difference, a refund, a reversal). */
export function postedLeg(leg: LegContext, id: string, amountMinor: bigint, direction: CardDirection = leg.direction): TransferRecord {
  return { id, ...sides({ ...leg, direction }), amountMinor: amountMinor.toString(), transactionId: leg.transactionId };
}

/** Posts `amountMinor` of a hold (all of it when absent); the ledger releases the rest. */
export function postLeg(leg: LegContext, id: string, holdTransferId: string, amountMinor?: bigint): TransferRecord {
  return amountMinor === undefined
    ? { id, pendingId: holdTransferId, action: 'post', transactionId: leg.transactionId }
    : { id, pendingId: holdTransferId, action: 'post', amountMinor: amountMinor.toString(), transactionId: leg.transactionId };
}

/** Releases a whole hold. */
export function voidLeg(leg: LegContext, id: string, holdTransferId: string): TransferRecord {
  return { id, pendingId: holdTransferId, action: 'void', transactionId: leg.transactionId };
}
