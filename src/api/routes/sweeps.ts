/**
 * `POST /internal-accounts`: opens a RULE_BASED account with its sweep rule (DECISIONS.md: the
 * only internal accounts created by request; USD only). Answers 201 with the account, whose view
 * shows `sweepRule`. Platform credentials. Every invalid field is listed in one 400 (zod's issues
 * and the maximum-below-minimum rule together); the decider's rules follow (src/domains/sweeps).
 */
import { invalidInput, mergeFieldErrors } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { internalAccountView } from '../../domains/internal-accounts/view.js';
import type { DomainState } from '../../domains/state.js';
import { createRuleBasedAccountSchema, decideCreateRuleBasedAccount, sweepRuleFieldErrors } from '../../domains/sweeps/index.js';
import type { Route } from '../route.js';
import { toFieldErrors } from '../validation.js';

/** Rule-based account routes. */
export const sweepRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/internal-accounts',
    auth: 'platform',
    handle: ({ state, request, at, newId }) => {
      const input = request.body ?? {};
      const parsed = createRuleBasedAccountSchema.safeParse(input);
      const errors = mergeFieldErrors(parsed.success ? [] : toFieldErrors(parsed.error.issues), sweepRuleFieldErrors(input));
      if (!parsed.success || errors.length > 0) return err(invalidInput(errors));
      const accountId = newId('InternalAccount');
      const events = decideCreateRuleBasedAccount(state, { request: parsed.data, accountId, at });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 201, body: internalAccountView(after.accounts.byId.get(accountId)!, after.ledger) }) });
    },
  },
];
