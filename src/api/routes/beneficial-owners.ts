/**
 * Beneficial owner routes: `POST /beneficial-owners` (201), `GET /beneficial-owners?customerId=`
 * (required filter), `GET /beneficial-owners/{id}`, `PATCH /beneficial-owners/{id}` (200; no event
 * when nothing changes). Unknown owner ids are 404 NOT_FOUND (the catalogue has no owner code).
 * Platform credentials.
 */
import { apiError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { decideCreateBeneficialOwner, decideUpdateBeneficialOwner } from '../../domains/beneficial-owners/decide.js';
import { createBeneficialOwnerSchema, updateBeneficialOwnerSchema } from '../../domains/beneficial-owners/schema.js';
import { beneficialOwnerView } from '../../domains/beneficial-owners/view.js';
import type { DomainState } from '../../domains/state.js';
import { listPage } from '../identity-list.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

/** Beneficial owner routes. */
export const beneficialOwnerRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/beneficial-owners',
    auth: 'platform',
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
    handle: ({ state, request }) => {
      const owners = state.beneficialOwners.order.map((id) => state.beneficialOwners.byId.get(id)!);
      const page = listPage(request, 'beneficial-owners', [{ name: 'customerId', required: true }], owners, (o, f) => o.customerId === f.get('customerId'));
      if (!page.ok) return page;
      return ok(answer(200, { ...page.value, data: page.value.data.map(beneficialOwnerView) }));
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
