/**
 * Decides `POST /beneficial-owners` and `PATCH /beneficial-owners/{id}`. An owner belongs to a
 * business customer (404 CUSTOMER_NOT_FOUND; an individual is 400 INVALID_INPUT on
 * `customerId`). A new owner starts UNVERIFIED; one added to a business that already resolved
 * terminally resolves at once by its last name's suffix (decided: the spec resolves owners "when
 * the business resolves terminally", which for this owner has already happened). A PATCH never
 * re-derives a status. Reads state, never changes it.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { resolveBeneficialOwnerSuffix } from '../../sandbox/kyb.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { isFinalIdentityStatus } from '../customers/identity-status.js';
import { BENEFICIAL_OWNER_EVENTS, type BeneficialOwnerCreated, type BeneficialOwnerUpdated } from './events.js';
import type { CreateBeneficialOwnerRequest, UpdateBeneficialOwnerRequest } from './schema.js';
import type { BeneficialOwner, BeneficialOwnerChanges, PersonalInfo } from './types.js';

function stripUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The `BeneficialOwnerCreated` event, or why not. Pure. */
export function decideCreateBeneficialOwner(state: DomainState, request: CreateBeneficialOwnerRequest, ownerId: string, at: string): Result<EventDraft[], ApiError> {
  const business = state.customers.byId.get(request.customerId);
  if (business === undefined || business.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${request.customerId} not found`));
  if (business.customerType !== 'BUSINESS') {
    return err(invalidInput([{ field: 'customerId', message: 'customerId must be a BUSINESS customer' }]));
  }
  const personalInfo = stripUndefined(request.personalInfo) as PersonalInfo;
  const owner: BeneficialOwner = {
    id: ownerId,
    customerId: business.id,
    roles: request.roles,
    ownershipPercentage: request.ownershipPercentage,
    personalInfo,
    kycStatus: isFinalIdentityStatus(business.kybStatus) ? resolveBeneficialOwnerSuffix(personalInfo.lastName) : 'UNVERIFIED',
    createdAt: at,
    updatedAt: at,
  };
  const data: BeneficialOwnerCreated = { owner };
  return ok([{ type: BENEFICIAL_OWNER_EVENTS.created, data }]);
}

/** The `BeneficialOwnerUpdated` event (none when nothing changes), or 404 NOT_FOUND. Pure. */
export function decideUpdateBeneficialOwner(state: DomainState, ownerId: string, request: UpdateBeneficialOwnerRequest, at: string): Result<EventDraft[], ApiError> {
  const owner = state.beneficialOwners.byId.get(ownerId);
  if (owner === undefined) return err(apiError('NOT_FOUND', `Beneficial owner ${ownerId} not found`));
  const changes: { -readonly [K in keyof BeneficialOwnerChanges]: BeneficialOwnerChanges[K] } = {};
  if (request.roles !== undefined && JSON.stringify(request.roles) !== JSON.stringify(owner.roles)) changes.roles = request.roles;
  if (request.ownershipPercentage !== undefined && request.ownershipPercentage !== owner.ownershipPercentage) changes.ownershipPercentage = request.ownershipPercentage;
  if (request.personalInfo !== undefined) {
    const merged = stripUndefined({ ...owner.personalInfo, ...stripUndefined(request.personalInfo) }) as PersonalInfo;
    if (JSON.stringify(merged) !== JSON.stringify(owner.personalInfo)) changes.personalInfo = merged;
  }
  if (Object.keys(changes).length === 0) return ok([]);
  const data: BeneficialOwnerUpdated = { beneficialOwnerId: ownerId, changes, updatedAt: at };
  return ok([{ type: BENEFICIAL_OWNER_EVENTS.updated, data }]);
}
