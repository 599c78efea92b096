/**
 * Hosted KYC/KYB links (reference `POST /customers/{customerId}/kyc-link`). Issuing a link never
 * changes a status. The link's URL and provider token are derived from the host secret and the
 * link id (never logged), so the same log answers the same URL. In sandbox the hosted flow is
 * completed by `POST /sandbox/customers/{customerId}/kyc-link/complete`, which judges the
 * customer like `POST /verifications` with the packet taken as collected by the provider.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { VERIFICATION_EVENTS, type KycLinkIssued } from './events.js';
import { submissionBlocked } from './submit.js';
import type { KycLink } from './types.js';

/** How long a hosted link stays usable (decided; the reference leaves it to `expiresAt`). */
export const KYC_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The hosted flow's base address. */
export const KYC_LINK_BASE_URL = 'https://kyc.svc.example/onboard/';
/** The provider named in link answers (reference KycProvider). */
export const KYC_PROVIDER = 'SUMSUB';

/** `POST /customers/{id}/kyc-link`: the `KycLinkIssued` event, or why not. Pure. */
export function decideIssueKycLink(
  state: DomainState,
  customerId: string,
  linkId: string,
  at: string,
  redirectUri: string | undefined,
): Result<EventDraft[], ApiError> {
  const customer = state.customers.byId.get(customerId);
  if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
  const blocked = submissionBlocked(state, customer);
  if (blocked !== undefined) return err(blocked);
  const link: KycLink = {
    id: linkId,
    customerId,
    ...(redirectUri === undefined ? {} : { redirectUri }),
    createdAt: at,
    expiresAt: formatInstant(instantToMs(at) + KYC_LINK_TTL_MS),
  };
  const data: KycLinkIssued = { link };
  return ok([{ type: VERIFICATION_EVENTS.linkIssued, data }]);
}

/** The link's wire answer (reference KycLinkResponse); `digest` is the route's `secretDigest`. Pure. */
export function kycLinkView(link: KycLink, digest: (message: string) => string): { kycUrl: string; expiresAt: string; provider: string; token: string } {
  const token = digest(`kyc-link|${link.id}`).slice(0, 32);
  const query = link.redirectUri === undefined ? '' : `?redirect_uri=${encodeURIComponent(link.redirectUri)}`;
  return { kycUrl: `${KYC_LINK_BASE_URL}${token}${query}`, expiresAt: link.expiresAt, provider: KYC_PROVIDER, token: `sbx-${token}` };
}

/** The newest unused, unexpired link of `customerId` at `at`, if any. Pure. */
export function openLinkOf(state: DomainState, customerId: string, at: string): KycLink | undefined {
  const nowMs = instantToMs(at);
  let found: KycLink | undefined;
  for (const link of state.verifications.links.values()) {
    if (link.customerId !== customerId || link.completedIn !== undefined || instantToMs(link.expiresAt) <= nowMs) continue;
    found = link;
  }
  return found;
}
