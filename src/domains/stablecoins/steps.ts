/**
 * Decides each later move of an operation (the sandbox provider's steps and the funding expiry)
 * through the lifecycle table, with the ledger legs of terminal moves:
 * - COMPLETED, mint: post the hold (source -> reserve) and issue the tokens
 *   (`stablecoin-issued` -> `stablecoin-holding:<destination>`, opened here if new);
 * - COMPLETED, burn: post the hold (holding -> issued: the tokens are gone) and pay out the base
 *   currency (`stablecoin-reserve` -> destination);
 * - FAILED or EXPIRED: void the hold.
 * Non-terminal moves carry the time of the next sandbox step. Pure apart from minting ids.
 */
import { assert } from '../../core/assert.js';
import { formatInstant } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { checkTransfers, type TransferRecord } from '../movement.js';
import type { DomainState } from '../state.js';
import { OPERATION_FAILURE_REASONS, STABLECOIN_EVENTS, type StablecoinOperationStatusChanged } from './events.js';
import { holdingAccountId, issuedAccountId, openHoldingAccount, reserveAccountId } from './ledger-accounts.js';
import { nextOperationStatus, type OperationEvent } from './operation-lifecycle.js';
import { FUNDING_DELAY_MS, PROVIDER_ACCEPT_DELAY_MS, SETTLE_DELAY_MS, SUBMIT_DELAY_MS } from './sandbox.js';
import type { OperationStatus, StablecoinOperation } from './types.js';

/** What a step needs besides the state: the instant and an id minter. */
export type StepContext = { readonly atMs: number; readonly newId: (type: string) => string };

/** The sandbox provider's delay before it moves an operation on from `status`, or none. Pure. */
export function sandboxStepDelayMs(operation: StablecoinOperation, status: OperationStatus): number | undefined {
  switch (status) {
    case 'CREATED':
      return SUBMIT_DELAY_MS;
    case 'PENDING_FUNDING':
      // Funding that never arrives is left to the funding-expiry timer.
      return operation.sandboxOutcome === 'FUNDING_NEVER_ARRIVES' ? undefined : FUNDING_DELAY_MS;
    case 'PENDING_PROVIDER':
      return PROVIDER_ACCEPT_DELAY_MS;
    case 'PROCESSING':
      return SETTLE_DELAY_MS;
    default:
      return undefined;
  }
}

/** The lifecycle event the sandbox provider sends for an operation in its current status, or none. Pure. */
export function sandboxStepEvent(operation: StablecoinOperation): OperationEvent | undefined {
  switch (operation.status) {
    case 'CREATED':
      return 'SUBMITTED';
    case 'PENDING_FUNDING':
      return operation.sandboxOutcome === 'FUNDING_NEVER_ARRIVES' ? undefined : 'FUNDS_RECEIVED';
    case 'PENDING_PROVIDER':
      return operation.sandboxOutcome === 'PROVIDER_REJECTS' ? 'PROVIDER_REJECTED' : 'PROVIDER_ACCEPTED';
    case 'PROCESSING':
      return operation.sandboxOutcome === 'FAILS_WHILE_PROCESSING' ? 'PROVIDER_FAILED' : 'SETTLED';
    default:
      return undefined;
  }
}

const FAILURE_REASON_BY_EVENT: Partial<Record<OperationEvent, string>> = {
  PROVIDER_REJECTED: OPERATION_FAILURE_REASONS.PROVIDER_REJECTED,
  PROVIDER_FAILED: OPERATION_FAILURE_REASONS.PROVIDER_FAILED,
  FUNDING_EXPIRED: OPERATION_FAILURE_REASONS.FUNDING_NOT_RECEIVED,
};

/**
 * Pure: the events that move `operation` by `event`, or none when the lifecycle refuses the move
 * (a stale timer). Terminal moves resolve the hold; a mint's completion opens the destination's
 * holding account first when the ledger does not have it.
 */
export function decideOperationStep(state: DomainState, operation: StablecoinOperation, event: OperationEvent, context: StepContext): EventDraft[] {
  const status = nextOperationStatus(operation.status, event);
  if (status === undefined) return [];
  const coin = state.stablecoins.coins.get(operation.stablecoinId);
  assert(coin !== undefined, `operation ${operation.id} of unknown stablecoin ${operation.stablecoinId}`);
  const transfers: TransferRecord[] = [];
  const opened: EventDraft[] = [];
  const transactionId = operation.id;
  if (status === 'COMPLETED') {
    transfers.push({ id: context.newId('Transfer'), pendingId: operation.holdTransferId, action: 'post', transactionId });
    if (operation.type === 'MINT') {
      opened.push(...openHoldingAccount(state.ledger, coin.symbol, operation.destinationAccountId, coin.baseCurrency));
      transfers.push({
        id: context.newId('Transfer'),
        debitAccountId: issuedAccountId(coin.symbol),
        creditAccountId: holdingAccountId(coin.symbol, operation.destinationAccountId),
        amountMinor: operation.baseAmountMinor,
        transactionId,
      });
    } else {
      transfers.push({
        id: context.newId('Transfer'),
        debitAccountId: reserveAccountId(coin.symbol),
        creditAccountId: operation.destinationAccountId,
        amountMinor: operation.baseAmountMinor,
        transactionId,
      });
    }
  } else if (status === 'FAILED' || status === 'EXPIRED') {
    transfers.push({ id: context.newId('Transfer'), pendingId: operation.holdTransferId, action: 'void', transactionId });
  }
  // A holding opened by this step is not in the ledger yet; the leg that credits it is the only
  // one that touches it and a credit to a no-overdraft account cannot be refused: check the rest.
  const checked = checkTransfers(state.ledger, opened.length === 0 ? transfers : transfers.slice(0, 1), context.atMs);
  assert(checked.ok, `operation ${operation.id}: ${event} legs refused by the ledger`);
  const delayMs = sandboxStepDelayMs(operation, status);
  const failureReason = FAILURE_REASON_BY_EVENT[event];
  const data: StablecoinOperationStatusChanged = {
    operationId: operation.id,
    trigger: event,
    previousStatus: operation.status,
    status,
    transfers,
    ...(failureReason === undefined ? {} : { failureReason }),
    ...(delayMs === undefined ? {} : { nextStepAt: formatInstant(context.atMs + delayMs) }),
  };
  return [...opened, { type: STABLECOIN_EVENTS.operationStatusChanged, data }];
}
