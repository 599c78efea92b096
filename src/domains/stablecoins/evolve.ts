/**
 * Applies stablecoin events to `state.stablecoins` and schedules the operation timers. Records
 * are deep-frozen in place (no copy), updated with immer's `produce` on a private auto-freezing instance.
 * Evolvers re-check what the deciders checked (unique ids, symbols and token identifiers, only
 * lifecycle moves the tables allow, a terminal operation's hold resolved by its own transfers),
 * so a corrupt log fails loudly on replay.
 */
import { Immer } from 'immer';
import { deepFreeze } from '../../core/freeze.js';
import { assert } from '../../core/assert.js';
import { instantToMs } from '../../core/time.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { cancelTimer, scheduleTimer } from '../timers.js';
import {
  fundingExpiryTimerId,
  STABLECOIN_EVENTS,
  STABLECOIN_TIMERS,
  type StablecoinGridStatusChanged,
  type StablecoinOperationCreated,
  type StablecoinOperationStatusChanged,
  type StablecoinProviderAccountLinked,
  type StablecoinProviderAccountRevoked,
  type StablecoinRegistered,
  stepTimerId,
} from './events.js';
import { nextGridStatus } from './grid-lifecycle.js';
import { nextOperationStatus } from './operation-lifecycle.js';
import { addCoin, addOperation, addProviderAccount, tokenIdentifierKey } from './store.js';
import { isTerminalOperationStatus } from './types.js';

// A private instance: auto-freeze is set here, never globally (STYLE.md: no hidden global defaults).
const immer = new Immer({ autoFreeze: true });

function scheduleStep(state: DomainState, operationId: string, nextStepAt: string | undefined): void {
  cancelTimer(state, stepTimerId(operationId));
  if (nextStepAt === undefined) return;
  scheduleTimer(state, { id: stepTimerId(operationId), dueAtMs: instantToMs(nextStepAt), kind: STABLECOIN_TIMERS.step, ref: operationId });
}

/** Evolvers for stablecoin events. */
export const stablecoinEvolvers: EvolverTable = {
  [STABLECOIN_EVENTS.providerAccountLinked]: (state, event) => {
    const { account } = event.data as StablecoinProviderAccountLinked;
    assert(!state.stablecoins.providerAccounts.has(account.id), `provider account ${account.id} linked twice`);
    addProviderAccount(state.stablecoins, deepFreeze(account));
  },
  [STABLECOIN_EVENTS.providerAccountRevoked]: (state, event) => {
    const data = event.data as StablecoinProviderAccountRevoked;
    const link = state.stablecoins.providerAccounts.get(data.stablecoinProviderAccountId);
    assert(link !== undefined && link.status === data.previousStatus && link.status !== 'REVOKED', `cannot revoke provider account ${data.stablecoinProviderAccountId}`);
    state.stablecoins.providerAccounts.set(
      link.id,
      immer.produce(link, (draft) => {
        draft.status = 'REVOKED';
        draft.revokedAt = data.revokedAt;
        draft.updatedAt = event.at;
      }),
    );
  },
  [STABLECOIN_EVENTS.registered]: (state, event) => {
    const { stablecoin } = event.data as StablecoinRegistered;
    const store = state.stablecoins;
    assert(!store.coins.has(stablecoin.id), `stablecoin ${stablecoin.id} registered twice`);
    assert(!store.coinIdBySymbol.has(stablecoin.symbol), `symbol ${stablecoin.symbol} registered twice`);
    assert(!store.coinIdByTokenKey.has(tokenIdentifierKey(stablecoin.networkTokenIdentifier)), `token ${stablecoin.networkTokenIdentifier} registered twice`);
    assert(stablecoin.gridOperationsStatus === 'NOT_ENABLED', `stablecoin ${stablecoin.id} registered as ${stablecoin.gridOperationsStatus}`);
    addCoin(store, deepFreeze(stablecoin));
  },
  [STABLECOIN_EVENTS.gridStatusChanged]: (state, event) => {
    const data = event.data as StablecoinGridStatusChanged;
    const coin = state.stablecoins.coins.get(data.stablecoinId);
    assert(coin !== undefined && coin.gridOperationsStatus === data.previousStatus, `grid status change of ${data.stablecoinId} from a status it is not in`);
    assert(nextGridStatus(data.previousStatus, data.trigger) === data.status && data.status !== data.previousStatus, `illegal grid move ${data.previousStatus} -${data.trigger}-> ${data.status}`);
    state.stablecoins.coins.set(
      coin.id,
      immer.produce(coin, (draft) => {
        draft.gridOperationsStatus = data.status;
        draft.updatedAt = event.at;
      }),
    );
  },
  [STABLECOIN_EVENTS.operationCreated]: (state, event) => {
    const data = event.data as StablecoinOperationCreated;
    const { operation } = data;
    const store = state.stablecoins;
    assert(!store.operations.has(operation.id), `operation ${operation.id} created twice`);
    assert(store.coins.has(operation.stablecoinId), `operation ${operation.id} of unknown stablecoin ${operation.stablecoinId}`);
    assert(operation.status === 'CREATED', `operation ${operation.id} created as ${operation.status}`);
    const hold = state.ledger.transfer(operation.holdTransferId);
    assert(hold?.kind === 'pending' && hold.status === 'open', `operation ${operation.id} created without its hold`);
    addOperation(store, deepFreeze(operation));
    scheduleStep(state, operation.id, data.nextStepAt);
    scheduleTimer(state, {
      id: fundingExpiryTimerId(operation.id),
      dueAtMs: instantToMs(operation.fundingExpiresAt),
      kind: STABLECOIN_TIMERS.fundingExpiry,
      ref: operation.id,
    });
  },
  [STABLECOIN_EVENTS.operationStatusChanged]: (state, event) => {
    const data = event.data as StablecoinOperationStatusChanged;
    const store = state.stablecoins;
    const operation = store.operations.get(data.operationId);
    assert(operation !== undefined && operation.status === data.previousStatus, `operation ${data.operationId} moved from a status it is not in`);
    assert(nextOperationStatus(data.previousStatus, data.trigger) === data.status, `illegal operation move ${data.previousStatus} -${data.trigger}-> ${data.status}`);
    const terminal = isTerminalOperationStatus(data.status);
    const hold = state.ledger.transfer(operation.holdTransferId);
    assert(hold?.kind === 'pending' && (hold.status === 'open') !== terminal, `operation ${operation.id} is ${data.status} but its hold is ${hold?.kind === 'pending' ? hold.status : 'missing'}`);
    store.operations.set(
      operation.id,
      immer.produce(operation, (draft) => {
        draft.status = data.status;
        draft.updatedAt = event.at;
        if (data.failureReason !== undefined) draft.failureReason = data.failureReason;
        if (data.status === 'COMPLETED') draft.completedAt = event.at;
      }),
    );
    scheduleStep(state, operation.id, data.nextStepAt);
    // Funding has arrived (or the operation ended): nothing is left to expire.
    if (data.status !== 'PENDING_FUNDING') cancelTimer(state, fundingExpiryTimerId(operation.id));
  },
};
