/**
 * Checks a stablecoin batch of `data.transfers` against the ledger before a decider emits it, so
 * that applying it in evolve cannot fail (a refusal there is a bug and throws). A debit beyond a
 * no-overdraft account's available balance is the user's INSUFFICIENT_FUNDS; anything else wrong
 * (unknown account, mixed currencies, a credit that would push the issuance account positive, a
 * hold that is not open) is a bug in this domain and asserts. Pure.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { type Ledger, LEDGER_BATCH_MAX } from '../../ledger/index.js';
import type { TransferRecord } from '../movement.js';

type Delta = { available: bigint; creditTotal: bigint };

/**
 * Ok when the ledger would accept `transfers` as one linked batch; INSUFFICIENT_FUNDS (400, with
 * `details.accountId`) when a debit exceeds what a no-overdraft account has available (pending
 * debits count). Pure.
 */
export function checkStablecoinTransfers(ledger: Ledger, transfers: readonly TransferRecord[]): Result<void, ApiError> {
  assert(transfers.length <= LEDGER_BATCH_MAX, 'transfer batch longer than LEDGER_BATCH_MAX');
  // Per account: change of the available balance, and of credits pending + posted, so far.
  const deltas = new Map<string, Delta>();
  const deltaOf = (id: string): Delta => {
    let d = deltas.get(id);
    if (d === undefined) {
      d = { available: 0n, creditTotal: 0n };
      deltas.set(id, d);
    }
    return d;
  };
  const ids = new Set<string>();
  for (const record of transfers) {
    assert(!ids.has(record.id) && ledger.transfer(record.id) === undefined, `transfer id ${record.id} is already used`);
    ids.add(record.id);
    if ('pendingId' in record) {
      const hold = ledger.transfer(record.pendingId);
      assert(hold?.kind === 'pending' && hold.status === 'open', `transfer ${record.id} resolves ${record.pendingId}, which is not an open hold`);
      // Whole-hold resolutions only: a post moves the held amount, a void releases it.
      assert(record.amountMinor === undefined, `transfer ${record.id} must resolve the whole hold`);
      if (record.action === 'post') deltaOf(hold.creditAccountId).available += hold.amountMinor;
      else deltaOf(hold.debitAccountId).available += hold.amountMinor;
      continue;
    }
    const amount = BigInt(record.amountMinor);
    assert(amount > 0n, `transfer ${record.id} amount must be positive`);
    const debit = ledger.account(record.debitAccountId);
    const credit = ledger.account(record.creditAccountId);
    assert(debit !== undefined && credit !== undefined, `transfer ${record.id} names an unknown account`);
    assert(debit.id !== credit.id && debit.currency === credit.currency, `transfer ${record.id} must join two accounts of one currency`);
    if (debit.flags.debitsMustNotExceedCredits) {
      const available = debit.creditsPosted - debit.debitsPosted - debit.debitsPending + deltaOf(debit.id).available;
      if (amount > available) {
        return err(apiError('INSUFFICIENT_FUNDS', `Account ${debit.id} has ${available} available, ${amount} needed`, { accountId: debit.id }));
      }
    }
    if (credit.flags.creditsMustNotExceedDebits) {
      const creditTotal = credit.creditsPosted + credit.creditsPending + deltaOf(credit.id).creditTotal + amount;
      assert(creditTotal <= credit.debitsPosted, `transfer ${record.id} would return more to ${credit.id} than was issued from it`);
    }
    deltaOf(debit.id).available -= amount;
    deltaOf(credit.id).creditTotal += amount;
    if (record.pending !== true) deltaOf(credit.id).available += amount;
  }
  return ok(undefined);
}
