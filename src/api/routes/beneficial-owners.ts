/**
 * Beneficial owner routes: `POST /beneficial-owners` (201), `GET /beneficial-owners?customerId=`
 * (required filter), `GET /beneficial-owners/{id}`, `PATCH /beneficial-owners/{id}` (200; no event
 * when nothing changes). Unknown owner ids are 404 NOT_FOUND (the catalogue has no owner code).
 * Platform credentials.
 */
import { z } from 'zod';
import { apiError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { decideCreateBeneficialOwner, decideUpdateBeneficialOwner } from '../../domains/beneficial-owners/decide.js';
import { createBeneficialOwnerSchema, updateBeneficialOwnerSchema } from '../../domains/beneficial-owners/schema.js';
import { beneficialOwnerView } from '../../domains/beneficial-owners/view.js';
import type { DomainState } from '../../domains/state.js';
import { IDENTITY_PAGING, idFilter, identityPage, readIdentityList } from '../identity-list.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

/** `GET /beneficial-owners`: the business is required (reference); paged through its own owners. */
const ownerListQuery = z.strictObject({ customerId: idFilter('customerId'), ...IDENTITY_PAGING });

/** Beneficial owner routes. */
export const beneficialOwnerRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/beneficial-owners',
    auth: 'platform',
    schema: createBeneficialOwnerSchema,
    handle: ({ state, request, at, newId }) => {
      const body = validate(createBeneficialOwnerSchema, request.body ?? {});
      if (!body.ok) return body;
      const ownerId = newId('BeneficialOwner');
      const events = decideCreateBeneficialOwner(state, body.value, ownerId, at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 201, body: beneficialOwnerView(after.beneficialOwners.byId.get(ownerId)!) }) });
    },
  },
  {
    method: 'GET',
    path: '/beneficial-owners',
    auth: 'platform',
    querySchema: ownerListQuery,
    handle: ({ state, request }) => {
      const read = readIdentityList(ownerListQuery, request, 'beneficial-owners', (q) => [q.customerId]);
      if (!read.ok) return read;
      const store = state.beneficialOwners;
      const ids = store.byCustomer.get(read.value.query.customerId) ?? [];
      return ok(answer(200, identityPage(ids, read.value.page, read.value.key, (id) => beneficialOwnerView(store.byId.get(id)!))));
    },
  },
  {
    method: 'GET',
    path: '/beneficial-owners/{beneficialOwnerId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const owner = state.beneficialOwners.byId.get(params.beneficialOwnerId ?? '');
      if (owner === undefined) return err(apiError('NOT_FOUND', `Beneficial owner ${params.beneficialOwnerId} not found`));
      return ok(answer(200, beneficialOwnerView(owner)));
    },
  },
  {
    method: 'PATCH',
    path: '/beneficial-owners/{beneficialOwnerId}',
    auth: 'platform',
    schema: updateBeneficialOwnerSchema,
    handle: ({ state, params, request, at }) => {
      const ownerId = params.beneficialOwnerId ?? '';
      const owner = state.beneficialOwners.byId.get(ownerId);
      if (owner === undefined) return err(apiError('NOT_FOUND', `Beneficial owner ${ownerId} not found`));
      const body = validate(updateBeneficialOwnerSchema, request.body ?? {});
      if (!body.ok) return body;
      const events = decideUpdateBeneficialOwner(state, ownerId, body.value, at);
      if (!events.ok) return events;
      if (events.value.length === 0) return ok(answer(200, beneficialOwnerView(owner)));
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: beneficialOwnerView(after.beneficialOwners.byId.get(ownerId)!) }) });
    },
  },
];
