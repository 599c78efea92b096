/**
 * Applies statement events to `state.statements`. The deciders write each event at most once per
 * account-month; the evolvers check that fact again on replay, so a log that records a second
 * fetch or a second receipt is reported as corrupt instead of silently moving a first time.
 */
import { assert } from '../../core/assert.js';
import { instantToMs } from '../../core/time.js';
import type { EvolverTable } from '../evolver.js';
import { STATEMENT_EVENTS, type StatementDeliveryConfirmed, type StatementFetched } from './events.js';
import { statementKey, type StatementRecord } from './store.js';

/** Evolvers for statement events. */
export const statementEvolvers: EvolverTable = {
  [STATEMENT_EVENTS.fetched]: (state, event) => {
    const data = event.data as StatementFetched;
    assert(state.accounts.byId.has(data.internalAccountId), `StatementFetched for unknown account ${data.internalAccountId}`);
    const key = statementKey(data.internalAccountId, instantToMs(data.periodStart));
    const before = state.statements.byKey.get(key);
    assert(before?.fetchedAt === undefined, `statement ${key} fetched twice (seq ${event.seq})`);
    const after: StatementRecord = { ...(before ?? { internalAccountId: data.internalAccountId, periodStart: data.periodStart }), fetchedAt: data.fetchedAt };
    state.statements.byKey.set(key, Object.freeze(after));
  },
  [STATEMENT_EVENTS.deliveryConfirmed]: (state, event) => {
    const data = event.data as StatementDeliveryConfirmed;
    assert(state.accounts.byId.has(data.internalAccountId), `StatementDeliveryConfirmed for unknown account ${data.internalAccountId}`);
    const key = statementKey(data.internalAccountId, instantToMs(data.periodStart));
    const before = state.statements.byKey.get(key);
    assert(before?.statementDeliveredAt === undefined, `statement ${key} confirmed twice (seq ${event.seq})`);
    const after: StatementRecord = {
      ...(before ?? { internalAccountId: data.internalAccountId, periodStart: data.periodStart }),
      statementDeliveredAt: data.statementDeliveredAt,
      confirmedAt: data.confirmedAt,
    };
    state.statements.byKey.set(key, Object.freeze(after));
  },
};
