/**
 * Decides Grid-enablement moves through the lifecycle table (grid-lifecycle.ts): the platform's
 * `POST /stablecoins/{id}/request-grid-enablement` and the operator's
 * `POST /sandbox/stablecoins/{id}/grid-operations-status`. Pure.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { STABLECOIN_EVENTS, type StablecoinGridStatusChanged } from './events.js';
import { type GridEvent, nextGridStatus, OPERATOR_EVENT_BY_STATUS, type OperatorStatus } from './grid-lifecycle.js';
import type { Stablecoin } from './types.js';

/** 404 for an unknown coin id. */
export function stablecoinNotFound(id: string): ApiError {
  return apiError('STABLECOIN_NOT_FOUND', `Stablecoin ${id} not found`);
}

function moved(coin: Stablecoin, trigger: GridEvent, status: Stablecoin['gridOperationsStatus']): EventDraft[] {
  // A self-transition (a repeated request while PENDING_APPROVAL) succeeds and writes nothing.
  if (status === coin.gridOperationsStatus) return [];
  const data: StablecoinGridStatusChanged = { stablecoinId: coin.id, trigger, previousStatus: coin.gridOperationsStatus, status };
  return [{ type: STABLECOIN_EVENTS.gridStatusChanged, data }];
}

/**
 * Pure: NOT_ENABLED -> PENDING_APPROVAL; while PENDING_APPROVAL, success and no events; from any
 * other status 409 STABLECOIN_GRID_ENABLEMENT_NOT_REQUESTABLE.
 */
export function decideRequestEnablement(state: DomainState, stablecoinId: string): Result<EventDraft[], ApiError> {
  const coin = state.stablecoins.coins.get(stablecoinId);
  if (coin === undefined) return err(stablecoinNotFound(stablecoinId));
  const next = nextGridStatus(coin.gridOperationsStatus, 'REQUEST_ENABLEMENT');
  if (next === undefined) {
    return err(
      apiError('STABLECOIN_GRID_ENABLEMENT_NOT_REQUESTABLE', `Grid enablement cannot be requested while ${coin.gridOperationsStatus}`, {
        gridOperationsStatus: coin.gridOperationsStatus,
      }),
    );
  }
  return ok(moved(coin, 'REQUEST_ENABLEMENT', next));
}

/** Pure: the operator's move to `status`, or 409 INVALID_STATE_TRANSITION when the lifecycle has no such move. */
export function decideOperatorStatus(state: DomainState, stablecoinId: string, status: OperatorStatus): Result<EventDraft[], ApiError> {
  const coin = state.stablecoins.coins.get(stablecoinId);
  if (coin === undefined) return err(stablecoinNotFound(stablecoinId));
  const trigger = OPERATOR_EVENT_BY_STATUS[status];
  const next = nextGridStatus(coin.gridOperationsStatus, trigger);
  if (next === undefined) {
    return err(
      apiError('INVALID_STATE_TRANSITION', `Grid operations status cannot move from ${coin.gridOperationsStatus} to ${status}`, {
        gridOperationsStatus: coin.gridOperationsStatus,
        requestedStatus: status,
      }),
    );
  }
  return ok(moved(coin, trigger, next));
}
