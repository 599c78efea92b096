/**
 * Decides `POST /stablecoins/{id}/mints` and `/burns`: validates everything, in a fixed order,
 * before anything is held, then emits the operation (CREATED) with one pending transfer that holds
 * the source's value while the operation is in flight:
 * - a mint holds base currency: source internal account -> `stablecoin-reserve:<SYMBOL>`;
 * - a burn holds tokens: `stablecoin-holding:<SYMBOL>:<source>` -> `stablecoin-issued:<SYMBOL>`.
 * Order of checks: coin (404), ENABLED (400), amount representable, amount within the maximum,
 * provider link (resolveProviderAccount at the coin's provider), source kind (burns), source
 * account, destination account, funds (400 INSUFFICIENT_FUNDS).
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import { checkTransfers, type TransferRecord } from '../movement.js';
import type { DomainState } from '../state.js';
import { baseMinorOf, OPERATION_AMOUNT_MAX_MINOR, representableStep, tokenUnitsOf } from './amounts.js';
import { stablecoinNotFound } from './enablement.js';
import { STABLECOIN_EVENTS, type StablecoinOperationCreated } from './events.js';
import { holdingAccountId, issuedAccountId, reserveAccountId } from './ledger-accounts.js';
import { resolveProviderAccount } from './provider-accounts.js';
import { FUNDING_WINDOW_MS, SUBMIT_DELAY_MS, sandboxLinkRow } from './sandbox.js';
import type { OperationType, Stablecoin, StablecoinOperation } from './types.js';

/** The id prefix of internal accounts: the one burn source kind supported. */
export const INTERNAL_ACCOUNT_ID_PREFIX = 'InternalAccount:';

/** 404 for an unknown operation id. */
export function operationNotFound(id: string): ApiError {
  return apiError('STABLECOIN_OPERATION_NOT_FOUND', `Stablecoin operation ${id} not found`);
}

/** What a mint or burn needs (validated body, defaults applied, minted ids and the time). */
export type OperationCommand = {
  readonly type: OperationType;
  readonly stablecoinId: string;
  readonly amountUnits: bigint;
  readonly sourceAccountId: string;
  readonly destinationAccountId: string;
  readonly stablecoinProviderAccountId?: string;
  /** The platform's note on the operation, kept and answered as given. */
  readonly description?: string;
  readonly operationId: string;
  readonly holdTransferId: string;
  readonly at: string;
  readonly atMs: number;
};

function activeAccount(state: DomainState, id: string, role: string): Result<InternalAccount, ApiError> {
  const account = state.accounts.byId.get(id);
  if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${id} (${role}) not found`, { field: `${role}AccountId` }));
  if (account.status !== 'ACTIVE') {
    return err(apiError('INVALID_STATE_TRANSITION', `Internal account ${id} (${role}) is ${account.status}`, { field: `${role}AccountId` }));
  }
  return ok(account);
}

function inBaseCurrency(account: InternalAccount, coin: Stablecoin, role: string): ApiError | undefined {
  return account.currency === coin.baseCurrency
    ? undefined
    : apiError('INVALID_CURRENCY', `Internal account ${account.id} (${role}) holds ${account.currency}; ${coin.symbol} is backed by ${coin.baseCurrency}`, {
        field: `${role}AccountId`,
      });
}

/** Pure: the amount in base minor units, or why it is not acceptable for `coin`. */
export function operationBaseMinor(coin: Stablecoin, amountUnits: bigint): Result<bigint, ApiError> {
  const baseMinor = baseMinorOf(amountUnits, coin.decimals, coin.baseCurrency);
  if (baseMinor === undefined) {
    return err(
      apiError(
        'STABLECOIN_AMOUNT_NOT_REPRESENTABLE',
        `${amountUnits} units of ${coin.symbol} (${coin.decimals} decimals) is not a whole number of ${coin.baseCurrency} minor units; use a multiple of ${representableStep(coin.decimals, coin.baseCurrency)}`,
        { step: representableStep(coin.decimals, coin.baseCurrency) },
      ),
    );
  }
  if (baseMinor > OPERATION_AMOUNT_MAX_MINOR) {
    const maxUnits = tokenUnitsOf(OPERATION_AMOUNT_MAX_MINOR, coin.decimals, coin.baseCurrency);
    return err(invalidInput([{ field: 'amount', message: `amount must be at most ${maxUnits} units of ${coin.symbol}` }]));
  }
  return ok(baseMinor);
}

/** Pure: the events that create the operation and hold its source, or why it cannot be made. */
export function decideCreateOperation(state: DomainState, command: OperationCommand): Result<EventDraft[], ApiError> {
  const coin = state.stablecoins.coins.get(command.stablecoinId);
  if (coin === undefined) return err(stablecoinNotFound(command.stablecoinId));
  if (coin.gridOperationsStatus !== 'ENABLED') {
    return err(
      apiError('STABLECOIN_GRID_OPERATIONS_NOT_ENABLED', `Stablecoin ${coin.symbol} is ${coin.gridOperationsStatus}; mints and burns need ENABLED`, {
        gridOperationsStatus: coin.gridOperationsStatus,
      }),
    );
  }
  const baseMinor = operationBaseMinor(coin, command.amountUnits);
  if (!baseMinor.ok) return baseMinor;
  const link = resolveProviderAccount(state, command.stablecoinProviderAccountId, coin.provider);
  if (!link.ok) return link;
  if (command.type === 'BURN' && !command.sourceAccountId.startsWith(INTERNAL_ACCOUNT_ID_PREFIX)) {
    return err(
      apiError('STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', `Burns take tokens from an internal account; ${command.sourceAccountId} is not one`, {
        field: 'sourceAccountId',
      }),
    );
  }
  const source = activeAccount(state, command.sourceAccountId, 'source');
  if (!source.ok) return source;
  if (command.type === 'MINT') {
    const wrong = inBaseCurrency(source.value, coin, 'source');
    if (wrong !== undefined) return err(wrong);
  }
  const destination = activeAccount(state, command.destinationAccountId, 'destination');
  if (!destination.ok) return destination;
  if (command.type === 'BURN') {
    const wrong = inBaseCurrency(destination.value, coin, 'destination');
    if (wrong !== undefined) return err(wrong);
  }
  const amountMinor = baseMinor.value.toString();
  const debitAccountId = command.type === 'MINT' ? source.value.id : holdingAccountId(coin.symbol, source.value.id);
  if (command.type === 'BURN' && state.ledger.account(debitAccountId) === undefined) {
    return err(insufficientFunds(command, 0n));
  }
  const hold: TransferRecord = {
    id: command.holdTransferId,
    debitAccountId,
    creditAccountId: command.type === 'MINT' ? reserveAccountId(coin.symbol) : issuedAccountId(coin.symbol),
    amountMinor,
    transactionId: command.operationId,
    pending: true,
  };
  const checked = checkTransfers(state.ledger, [hold], command.atMs);
  if (!checked.ok) return err(insufficientFunds(command, state.ledger.balance(debitAccountId)?.availableMinor ?? 0n, coin));
  const operation: StablecoinOperation = {
    id: command.operationId,
    stablecoinId: coin.id,
    type: command.type,
    status: 'CREATED',
    amount: command.amountUnits.toString(),
    baseAmountMinor: amountMinor,
    sourceAccountId: source.value.id,
    destinationAccountId: destination.value.id,
    stablecoinProviderAccountId: link.value.id,
    holdTransferId: hold.id,
    sandboxOutcome: sandboxLinkRow(link.value.externalReference).outcome,
    fundingExpiresAt: formatInstant(command.atMs + FUNDING_WINDOW_MS),
    ...(command.description === undefined ? {} : { description: command.description }),
    createdAt: command.at,
    updatedAt: command.at,
  };
  const data: StablecoinOperationCreated = {
    operation,
    transfers: [hold],
    nextStepAt: formatInstant(command.atMs + SUBMIT_DELAY_MS),
  };
  return ok([{ type: STABLECOIN_EVENTS.operationCreated, data }]);
}

function insufficientFunds(command: OperationCommand, availableMinor: bigint, coin?: Stablecoin): ApiError {
  // Burns are short of tokens: say so in token units, the unit the caller sent.
  const available = command.type === 'BURN' && coin !== undefined ? tokenUnitsOf(availableMinor, coin.decimals, coin.baseCurrency) : availableMinor;
  const unit = command.type === 'BURN' ? 'token units' : 'minor units';
  return apiError('INSUFFICIENT_FUNDS', `Internal account ${command.sourceAccountId} has ${available} ${unit} available`, {
    accountId: command.sourceAccountId,
    available: available.toString(),
  });
}
