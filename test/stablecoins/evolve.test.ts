/**
 * The evolvers and timer handlers re-check what the deciders checked: a log that claims an
 * illegal move or a hold in the wrong state fails loudly on replay, a stale timer writes nothing,
 * and the domain's name for `LedgerAccountOpened` is the engine's.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { ENGINE_EVENTS } from '../../src/engine/engine-events.js';
import { createEngine } from '../../src/engine/engine.js';
import { LEDGER_ACCOUNT_OPENED } from '../../src/domains/stablecoins/ledger-accounts.js';
import { fundingExpiryHandler, operationStepHandler } from '../../src/domains/stablecoins/timers.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { advance, enabledCoin, mint } from './support.js';

/** The log with the data of the first event of `type` replaced by `change(data)`. */
function tampered(log: readonly EventEnvelope[], type: string, change: (data: any) => unknown): EventEnvelope[] {
  const index = log.findIndex((e) => e.type === type);
  expect(index).toBeGreaterThanOrEqual(0);
  return log.map((e, i) => (i === index ? { ...e, data: change(structuredClone(e.data)) } : e));
}

describe('stablecoin evolvers on replay', () => {
  it('names LedgerAccountOpened as the engine does', () => {
    expect(LEDGER_ACCOUNT_OPENED).toBe(ENGINE_EVENTS.ledgerAccountOpened);
  });

  it('replays an untouched log to the same operations', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    mint(h, coinId, account, '1000000');
    advance(h, 60_000);
    const replayed = createEngine({ events: h.log });
    expect([...replayed.state.stablecoins.operations.values()]).toEqual([...h.engine.state.stablecoins.operations.values()]);
  });

  it('throws InvariantError for a move the operation lifecycle does not allow', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    mint(h, coinId, account, '1000000');
    advance(h, 2_000);
    const log = tampered(h.log, 'StablecoinOperationStatusChanged', (d) => ({ ...d, status: 'PROCESSING' }));
    expect(() => createEngine({ events: log })).toThrow(InvariantError);
  });

  it('throws InvariantError for a terminal move that leaves the hold open', () => {
    const { h, account, coinId } = enabledCoin(10_000, 'acct_PROVIDER_REJECTS');
    mint(h, coinId, account, '1000000');
    advance(h, 60_000);
    const failedIndex = h.log.findIndex((e) => e.type === 'StablecoinOperationStatusChanged' && (e.data as { status: string }).status === 'FAILED');
    const log = h.log.map((e, i) => (i === failedIndex ? { ...e, data: { ...(e.data as object), transfers: [] } } : e));
    expect(() => createEngine({ events: log })).toThrow(/FAILED but its hold is open/);
  });

  it('throws InvariantError for a Grid move the lifecycle does not allow', () => {
    const { h } = enabledCoin(0);
    const log = tampered(h.log, 'StablecoinGridStatusChanged', (d) => ({ ...d, status: 'ENABLED' }));
    expect(() => createEngine({ events: log })).toThrow(InvariantError);
  });
});

describe('stale stablecoin timers', () => {
  it('write nothing once the operation is final', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const id = mint(h, coinId, account, '1000000').body.id as string;
    advance(h, 60_000);
    const context = { nowMs: Date.parse(h.now), at: h.now, newId: (type: string) => `${type}:stale` };
    const timer = { id: `${id}/step`, dueAtMs: Date.parse(h.now), ref: id };
    expect(operationStepHandler(h.engine.state, { ...timer, kind: 'stablecoin-operation.step' }, context)).toEqual([]);
    expect(fundingExpiryHandler(h.engine.state, { ...timer, kind: 'stablecoin-operation.funding-expiry' }, context)).toEqual([]);
    expect(operationStepHandler(h.engine.state, { ...timer, ref: 'StablecoinOperation:missing', kind: 'stablecoin-operation.step' }, context)).toEqual([]);
  });
});
