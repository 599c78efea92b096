/**
 * The two ledger checks deciders used before issue 16 folded them into the ledger's dry run
 * (`checkTransfers` in src/domains/movement.ts), kept verbatim as the oracle that proves the
 * answers unchanged (test/domains/check-transfers.property.test.ts). Not used by src/.
 */
import { assert } from '../../src/core/assert.js';
import { type ApiError, apiError } from '../../src/core/errors.js';
import { type Result, err, ok } from '../../src/core/result.js';
import { type Ledger, LEDGER_BATCH_MAX } from '../../src/ledger/index.js';
import type { TransferRecord } from '../../src/domains/movement.js';

/**
 * Ok when the ledger would accept `transfers` as one linked batch; INSUFFICIENT_FUNDS (400) when a
 * debit exceeds an account's available balance (pending debits count, credits earlier in the batch
 * help). Pure.
 */
export function legacyTransactionsCheck(ledger: Ledger, transfers: readonly TransferRecord[]): Result<void, ApiError> {
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

type Delta = { available: bigint; creditTotal: bigint };

/**
 * Ok when the ledger would accept `transfers` as one linked batch; INSUFFICIENT_FUNDS (400, with
 * `details.accountId`) when a debit exceeds what a no-overdraft account has available (pending
 * debits count). Pure.
 */
export function legacyStablecoinCheck(ledger: Ledger, transfers: readonly TransferRecord[]): Result<void, ApiError> {
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
