/**
 * Checks a batch of `data.transfers` against the ledger before a decider emits it, so that
 * applying it in evolve cannot fail (a refusal there is a bug and throws). A debit beyond what a
 * no-overdraft account has available is the user's INSUFFICIENT_FUNDS; anything else wrong (an
 * unknown account, mixed currencies, a reused id, a hold that is not open) is a bug in the calling
 * flow and asserts. Also builds the reversal of a payment's funding transfers.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { type Ledger, LEDGER_BATCH_MAX } from '../../ledger/index.js';
import type { TransferRecord } from '../movement.js';

/**
 * Ok when the ledger would accept `transfers` as one linked batch; INSUFFICIENT_FUNDS (400) when a
 * debit exceeds an account's available balance (pending debits count, credits earlier in the batch
 * help). Pure.
 */
export function checkTransfers(ledger: Ledger, transfers: readonly TransferRecord[]): Result<void, ApiError> {
  assert(transfers.length <= LEDGER_BATCH_MAX, 'transfer batch longer than LEDGER_BATCH_MAX');
  // Change of each account's available balance (credits posted − debits posted − debits pending) so far.
  const delta = new Map<string, bigint>();
  const move = (accountId: string, by: bigint): void => {
    delta.set(accountId, (delta.get(accountId) ?? 0n) + by);
  };
  const holds = new Map<string, { debit: string; credit: string; amount: bigint }>();
  const ids = new Set<string>();
  for (const record of transfers) {
    assert(!ids.has(record.id) && ledger.transfer(record.id) === undefined, `transfer id ${record.id} is already used`);
    ids.add(record.id);
    if ('pendingId' in record) {
      const view = ledger.transfer(record.pendingId);
      const hold =
        holds.get(record.pendingId) ??
        (view?.kind === 'pending' && view.status === 'open' ? { debit: view.debitAccountId, credit: view.creditAccountId, amount: view.amountMinor } : undefined);
      assert(hold !== undefined, `transfer ${record.id} resolves ${record.pendingId}, which is not an open hold`);
      holds.delete(record.pendingId);
      const amount = record.amountMinor === undefined ? hold.amount : BigInt(record.amountMinor);
      assert(amount > 0n && amount <= hold.amount, `transfer ${record.id} resolves more than its hold`);
      if (record.action === 'post') {
        move(hold.debit, hold.amount - amount);
        move(hold.credit, amount);
      } else {
        assert(record.amountMinor === undefined || amount === hold.amount, `void ${record.id} must release the whole hold`);
        move(hold.debit, hold.amount);
      }
      continue;
    }
    const amount = BigInt(record.amountMinor);
    assert(amount > 0n, `transfer ${record.id} amount must be positive`);
    const debit = ledger.account(record.debitAccountId);
    const credit = ledger.account(record.creditAccountId);
    assert(debit !== undefined && credit !== undefined, `transfer ${record.id} names an unknown account`);
    assert(debit.id !== credit.id, `transfer ${record.id} debits and credits one account`);
    assert(debit.currency === credit.currency, `transfer ${record.id} mixes ${debit.currency} and ${credit.currency}`);
    if (debit.flags.debitsMustNotExceedCredits) {
      const available = debit.creditsPosted - debit.debitsPosted - debit.debitsPending + (delta.get(debit.id) ?? 0n);
      if (amount > available) {
        return err(apiError('INSUFFICIENT_FUNDS', `Account ${debit.id} has ${available} available, ${amount} needed`, { accountId: debit.id }));
      }
    }
    assert(!credit.flags.creditsMustNotExceedDebits, `transfer ${record.id} credits a credit-limited account (not used by transactions)`);
    move(debit.id, -amount);
    if (record.pending === true) holds.set(record.id, { debit: debit.id, credit: credit.id, amount });
    else move(credit.id, amount);
  }
  return ok(undefined);
}

/**
 * The transfers that undo `fundingTransferIds`: each posted movement is moved back by a new
 * transfer the other way, each open hold is voided; resolved holds need nothing (their `post` is
 * listed on its own). New ids come from `newId`. Pure apart from minting ids.
 */
export function reversalTransfers(
  ledger: Ledger,
  fundingTransferIds: readonly string[],
  transactionId: string,
  newId: (type: string) => string,
): TransferRecord[] {
  const out: TransferRecord[] = [];
  for (const id of fundingTransferIds) {
    const view = ledger.transfer(id);
    assert(view !== undefined, `funding transfer ${id} of ${transactionId} is unknown`);
    if (view.kind === 'posted' || view.kind === 'post') {
      out.push({
        id: newId('Transfer'),
        debitAccountId: view.creditAccountId,
        creditAccountId: view.debitAccountId,
        amountMinor: view.amountMinor.toString(),
        transactionId,
      });
    } else if (view.kind === 'pending' && view.status === 'open') {
      out.push({ id: newId('Transfer'), pendingId: id, action: 'void', transactionId });
    }
  }
  return out;
}
