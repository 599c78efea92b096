/**
 * `checkTransfers` (domains/movement.ts, the ledger's dry run) predicts what the ledger will
 * accept, so evolve never meets a refusal: a debit beyond the available balance (pending debits
 * count, earlier credits in the batch help) is INSUFFICIENT_FUNDS; holds can be posted or voided;
 * flow bugs assert. `reversalTransfers` undoes a payment's funding. (Once transactions'
 * ledger-check.ts; test/domains/check-transfers.property.test.ts holds it to the old answers.)
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { instantToMs } from '../../src/core/time.js';
import { checkTransfers as checkAt, type TransferRecord, worldAccountId } from '../../src/domains/movement.js';
import { reversalTransfers } from '../../src/domains/transactions/index.js';
import type { Ledger } from '../../src/ledger/index.js';
import { customer, world } from './support.js';

const WORLD = worldAccountId('USD');

// The batch as the next event would carry it: at the world's next instant.
let atMs = 0;
const checkTransfers = (ledger: Ledger, records: readonly TransferRecord[]) => checkAt(ledger, records, atMs);

function setup() {
  const w = world();
  const a = customer(w, 'a', 1000);
  const b = customer(w, 'b');
  atMs = instantToMs(w.at());
  let n = 0;
  const id = () => {
    n += 1;
    return `Transfer:00000000-0000-7000-8000-${n.toString().padStart(12, '0')}`;
  };
  return { w, a: a.accountId, b: b.accountId, id };
}

describe('checkTransfers', () => {
  it('accepts a debit up to the available balance and refuses one cent more with 400 INSUFFICIENT_FUNDS', () => {
    const { w, a, b, id } = setup();
    expect(checkTransfers(w.state.ledger, [{ id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '1000' }]).ok).toBe(true);
    const refused = checkTransfers(w.state.ledger, [{ id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '1001' }]);
    expect(refused.ok ? undefined : refused.error).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS', details: { accountId: a } });
  });

  it('counts earlier transfers of the batch: credits help, debits and holds use the balance up', () => {
    const { w, a, b, id } = setup();
    const ledger = w.state.ledger;
    expect(checkTransfers(ledger, [
      { id: id(), debitAccountId: WORLD, creditAccountId: b, amountMinor: '500' },
      { id: id(), debitAccountId: b, creditAccountId: a, amountMinor: '500' },
    ]).ok).toBe(true);
    expect(checkTransfers(ledger, [
      { id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '600', pending: true },
      { id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '600' },
    ]).ok).toBe(false);
  });

  it('posts part of a hold (the rest is released) and voids a hold, in the same batch', () => {
    const { w, a, b, id } = setup();
    const hold = id();
    const batch: TransferRecord[] = [
      { id: hold, debitAccountId: a, creditAccountId: b, amountMinor: '1000', pending: true },
      { id: id(), pendingId: hold, action: 'post', amountMinor: '400' },
      { id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '600' },
    ];
    expect(checkTransfers(w.state.ledger, batch).ok).toBe(true);
    expect(checkTransfers(w.state.ledger, [...batch, { id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '1' }]).ok).toBe(false);
  });

  it.each([
    ['an unknown account', (a: string, _b: string, id: () => string): TransferRecord[] => [{ id: id(), debitAccountId: a, creditAccountId: 'InternalAccount:none', amountMinor: '1' }]],
    ['one account on both sides', (a: string, _b: string, id: () => string): TransferRecord[] => [{ id: id(), debitAccountId: a, creditAccountId: a, amountMinor: '1' }]],
    ['mixed currencies', (a: string, _b: string, id: () => string): TransferRecord[] => [{ id: id(), debitAccountId: worldAccountId('EUR'), creditAccountId: a, amountMinor: '1' }]],
    ['a zero amount', (a: string, b: string, id: () => string): TransferRecord[] => [{ id: id(), debitAccountId: a, creditAccountId: b, amountMinor: '0' }]],
    ['a reused id', (a: string, b: string): TransferRecord[] => [{ id: 'T1', debitAccountId: a, creditAccountId: b, amountMinor: '1' }, { id: 'T1', debitAccountId: a, creditAccountId: b, amountMinor: '1' }]],
    ['a resolution of no open hold', (_a: string, _b: string, id: () => string): TransferRecord[] => [{ id: id(), pendingId: 'Transfer:none', action: 'void' }]],
  ])('asserts on a flow bug: %s', (_label, make) => {
    const { w, a, b, id } = setup();
    expect(() => checkTransfers(w.state.ledger, make(a, b, id))).toThrow(InvariantError);
  });
});

describe('reversalTransfers', () => {
  it('moves posted funding back and voids open holds, leaving resolved holds alone', () => {
    const { w, a, id } = setup();
    const posted = id();
    const openHold = id();
    const voidedHold = id();
    w.must({ ok: true, value: [{ type: 'LedgerTransfersCreated', data: { transfers: [
      { id: posted, debitAccountId: a, creditAccountId: WORLD, amountMinor: '300' },
      { id: openHold, debitAccountId: a, creditAccountId: WORLD, amountMinor: '200', pending: true },
      { id: voidedHold, debitAccountId: a, creditAccountId: WORLD, amountMinor: '100', pending: true },
      { id: id(), pendingId: voidedHold, action: 'void' },
    ] } }] });
    let n = 0;
    const reversal = reversalTransfers(w.state.ledger, [posted, openHold, voidedHold], 'Transaction:x', () => {
      n += 1;
      return `Transfer:r${n}`;
    });
    expect(reversal).toEqual([
      { id: 'Transfer:r1', debitAccountId: WORLD, creditAccountId: a, amountMinor: '300', transactionId: 'Transaction:x' },
      { id: 'Transfer:r2', pendingId: openHold, action: 'void', transactionId: 'Transaction:x' },
    ]);
    expect(checkTransfers(w.state.ledger, reversal).ok).toBe(true);
  });
});
