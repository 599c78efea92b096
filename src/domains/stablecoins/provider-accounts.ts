/**
 * Provider account links: linking (`POST /stablecoin-provider-accounts`, status from the sandbox
 * suffix table), revoking (`DELETE`, idempotent), and the rule every register, mint and burn uses
 * to pick the link it goes through (`resolveProviderAccount`). Pure deciders.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { STABLECOIN_EVENTS, type StablecoinProviderAccountLinked, type StablecoinProviderAccountRevoked } from './events.js';
import { sandboxLinkRow } from './sandbox.js';
import type { StablecoinProviderAccount } from './types.js';

/** What linking needs (validated body plus the minted id and the time). */
export type LinkCommand = {
  readonly id: string;
  readonly provider: string;
  readonly externalReference: string;
  readonly apiClientId?: string;
  /** HMAC of the API client secret under the route context's secretDigest (never the secret). */
  readonly apiClientSecretHmac?: string;
  readonly at: string;
};

/** The message whose HMAC stands for link `id`'s API client secret (bound to the link, so equal secrets differ). */
export function apiClientSecretMessage(id: string, secret: string): string {
  return `stablecoin-provider-api-client-secret|${id}|${secret}`;
}

/**
 * Pure: the event that links a provider account, or 409 CONFLICT when the same provider account
 * is already linked and not revoked. Its status comes from the sandbox suffix table.
 */
export function decideLinkProviderAccount(state: DomainState, command: LinkCommand): Result<EventDraft[], ApiError> {
  for (const id of state.stablecoins.providerAccountOrder) {
    const link = state.stablecoins.providerAccounts.get(id)!;
    if (link.status !== 'REVOKED' && link.provider === command.provider && link.externalReference === command.externalReference) {
      return err(apiError('CONFLICT', `Provider account ${command.externalReference} at ${command.provider} is already linked as ${link.id}`, { stablecoinProviderAccountId: link.id }));
    }
  }
  const status = sandboxLinkRow(command.externalReference).status;
  const account: StablecoinProviderAccount = {
    id: command.id,
    provider: command.provider,
    externalReference: command.externalReference,
    status,
    createdAt: command.at,
    updatedAt: command.at,
    ...(status === 'REVOKED' ? { revokedAt: command.at } : {}),
    ...(command.apiClientId === undefined ? {} : { apiClientId: command.apiClientId }),
    ...(command.apiClientSecretHmac === undefined ? {} : { apiClientSecretHmac: command.apiClientSecretHmac }),
  };
  const data: StablecoinProviderAccountLinked = { account };
  return ok([{ type: STABLECOIN_EVENTS.providerAccountLinked, data }]);
}

/**
 * Pure: the event that revokes link `id`; no events when it is already revoked (a repeated delete
 * succeeds and changes nothing); 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND when there is no such link.
 */
export function decideRevokeProviderAccount(state: DomainState, id: string, at: string): Result<EventDraft[], ApiError> {
  const link = state.stablecoins.providerAccounts.get(id);
  if (link === undefined) return err(providerAccountNotFound(id));
  if (link.status === 'REVOKED') return ok([]);
  const data: StablecoinProviderAccountRevoked = { stablecoinProviderAccountId: id, previousStatus: link.status, revokedAt: at };
  return ok([{ type: STABLECOIN_EVENTS.providerAccountRevoked, data }]);
}

/** 404 for an unknown link id. */
export function providerAccountNotFound(id: string): ApiError {
  return apiError('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', `Stablecoin provider account ${id} not found`);
}

function unusable(link: StablecoinProviderAccount): ApiError | undefined {
  if (link.status === 'REVOKED') return apiError('STABLECOIN_PROVIDER_ACCOUNT_REVOKED', `Stablecoin provider account ${link.id} is revoked`);
  if (link.status === 'INVALID') return apiError('STABLECOIN_PROVIDER_ACCOUNT_INVALID', `Stablecoin provider account ${link.id} was refused by ${link.provider}`);
  return undefined;
}

/**
 * Pure: the link a request goes through. With `requestedId`: that link, if it exists (else 404),
 * is ACTIVE (else 400 ..._REVOKED or ..._INVALID) and, when `provider` is given, is at that
 * provider (else 400 STABLECOIN_OPERATION_NOT_SUPPORTED). Without: among the links (at `provider`,
 * when given) the only ACTIVE one; several ACTIVE: 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED
 * (`details.stablecoinProviderAccountIds`); none ACTIVE: the newest link's problem (REVOKED or
 * INVALID), or 400 STABLECOIN_NOT_PROVISIONED when there is no link at all.
 */
export function resolveProviderAccount(
  state: DomainState,
  requestedId: string | undefined,
  provider?: string,
): Result<StablecoinProviderAccount, ApiError> {
  const store = state.stablecoins;
  if (requestedId !== undefined) {
    const link = store.providerAccounts.get(requestedId);
    if (link === undefined) return err(providerAccountNotFound(requestedId));
    const problem = unusable(link);
    if (problem !== undefined) return err(problem);
    if (provider !== undefined && link.provider !== provider) {
      return err(apiError('STABLECOIN_OPERATION_NOT_SUPPORTED', `The coin is issued at ${provider}; provider account ${link.id} is at ${link.provider}`));
    }
    return ok(link);
  }
  const links = store.providerAccountOrder.map((id) => store.providerAccounts.get(id)!).filter((l) => provider === undefined || l.provider === provider);
  const active = links.filter((l) => l.status === 'ACTIVE');
  if (active.length === 1) return ok(active[0]!);
  if (active.length > 1) {
    return err(
      apiError('STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', 'Several provider accounts are active; pass stablecoinProviderAccountId', {
        stablecoinProviderAccountIds: active.map((l) => l.id),
      }),
    );
  }
  const newest = links[links.length - 1];
  if (newest === undefined) {
    return err(apiError('STABLECOIN_NOT_PROVISIONED', provider === undefined ? 'No stablecoin provider account is linked' : `No provider account at ${provider} is linked`));
  }
  return err(unusable(newest)!);
}
