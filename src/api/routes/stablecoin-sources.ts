/**
 * The reference's mint and burn source and destination objects folded into the copy's account
 * ids (issue 12). The engine mints from and burns out of internal accounts, and pays a burn into
 * one: `fundingSource` / `source` of type GRID_INTERNAL_ACCOUNT is `sourceAccountId`, a mint's
 * `destination.accountId` is `destinationAccountId`. Both spellings given must agree (400 naming
 * the reference's field). Variants the sandbox has no rail for are refused with the spec's codes.
 * Pure.
 */
import { type ApiError, apiError, type FieldError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { z } from 'zod';
import type { burnBody, mintBody } from '../../domains/stablecoins/schema.js';

/** The id prefix of external accounts, which the sandbox's mints and burns cannot reach. */
const EXTERNAL_ACCOUNT_ID_PREFIX = 'ExternalAccount:';

/** The accounts of a mint or burn, as the deciders take them. */
export type OperationAccounts = { readonly sourceAccountId: string; readonly destinationAccountId: string };

function agreed(copyField: string, copyValue: string | undefined, referenceField: string, referenceValue: string | undefined): Result<string | undefined, ApiError> {
  if (copyValue !== undefined && referenceValue !== undefined && copyValue !== referenceValue) {
    return err(invalidInput([{ field: referenceField, message: `${referenceField} is the reference's name of ${copyField}: give one, or both with the same value` }]));
  }
  return ok(copyValue ?? referenceValue);
}

/**
 * On the raw body: `sourceAccountId` listed as required when neither it nor the reference's
 * `sourceField` object is given (so it is reported beside the schema's errors).
 */
export function missingSourceErrors(raw: unknown, sourceField: string): FieldError[] {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Readonly<Record<string, unknown>>) : {};
  if (body.sourceAccountId !== undefined || body[sourceField] !== undefined) return [];
  return [{ field: 'sourceAccountId', message: `sourceAccountId (or the reference's ${sourceField}) is required` }];
}

function withDefaults(source: string | undefined, destination: string | undefined, sourceField: string): Result<OperationAccounts, ApiError> {
  if (source === undefined) return err(invalidInput([{ field: 'sourceAccountId', message: `sourceAccountId (or the reference's ${sourceField}) is required` }]));
  // Without a destination the source's owner receives: its own account.
  return ok({ sourceAccountId: source, destinationAccountId: destination ?? source });
}

/** The accounts of a mint body, or why its reference fields cannot be served. */
export function mintAccounts(body: z.infer<typeof mintBody>): Result<OperationAccounts, ApiError> {
  const funding = body.fundingSource;
  if (funding !== undefined && funding.type !== 'GRID_INTERNAL_ACCOUNT') {
    return err(
      apiError('STABLECOIN_OPERATION_NOT_SUPPORTED', `The sandbox mints from an internal account only (fundingSource.type GRID_INTERNAL_ACCOUNT); ${funding.type} is not supported`, {
        field: 'fundingSource.type',
      }),
    );
  }
  const destinationId = body.destination?.accountId;
  if (destinationId?.startsWith(EXTERNAL_ACCOUNT_ID_PREFIX)) {
    return err(apiError('STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', `The sandbox mints into internal accounts only; ${destinationId} is an external account`, { field: 'destination.accountId' }));
  }
  const source = agreed('sourceAccountId', body.sourceAccountId, 'fundingSource.accountId', funding?.accountId);
  if (!source.ok) return source;
  const destination = agreed('destinationAccountId', body.destinationAccountId, 'destination.accountId', destinationId);
  if (!destination.ok) return destination;
  return withDefaults(source.value, destination.value, 'fundingSource');
}

/** The accounts of a burn body, or why its reference fields cannot be served. */
export function burnAccounts(body: z.infer<typeof burnBody>): Result<OperationAccounts, ApiError> {
  const source = body.source;
  if (source !== undefined && source.type !== 'GRID_INTERNAL_ACCOUNT') {
    return err(
      apiError('STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', `Burns take tokens from an internal account (source.type GRID_INTERNAL_ACCOUNT); ${source.type} is not supported`, {
        field: 'source.type',
      }),
    );
  }
  if (body.destination !== undefined) {
    return err(
      apiError('STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', `The sandbox pays burns into an internal account (destinationAccountId); payouts to ${body.destination.externalAccountId} are not supported`, {
        field: 'destination',
      }),
    );
  }
  const sourceId = agreed('sourceAccountId', body.sourceAccountId, 'source.accountId', source?.accountId);
  if (!sourceId.ok) return sourceId;
  return withDefaults(sourceId.value, body.destinationAccountId, 'source');
}
