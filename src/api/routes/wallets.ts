/**
 * Embedded-wallet routes (docs/wallets-and-sca.md): `PATCH /internal-accounts/{id}` (wallet
 * privacy) and `POST /internal-accounts/{id}/export`, both signed retries; and the engine's
 * sandbox helper `POST /sandbox/embedded-wallets`, which provisions an EMBEDDED_WALLET internal
 * account for a customer with its EMAIL_OTP credential (the reference creates wallets from
 * platform configuration, which the sandbox does not model).
 */
import { z } from 'zod';
import { ok } from '../../core/result.js';
import { decideProvisionWallet } from '../../domains/auth/credentials.js';
import { enclavePublicKey } from '../../domains/auth/otp.js';
import { credentialResponseView } from '../../domains/auth/view.js';
import { internalAccountView } from '../../domains/internal-accounts/view.js';
import type { DomainState } from '../../domains/state.js';
import { decideExportWallet, decideUpdateWallet } from '../../domains/wallets/actions.js';
import type { Route, RouteContext } from '../route.js';
import { validate } from '../validation.js';
import { signedAnswer } from './auth.js';

/** `PATCH /internal-accounts/{id}` body (reference InternalAccountUpdateRequest). */
export const updateWalletSchema = z.strictObject({ privateEnabled: z.boolean({ error: 'privateEnabled must be a boolean' }) });
/** `POST /internal-accounts/{id}/export` body (reference InternalAccountExportRequest). */
export const exportWalletSchema = z.strictObject({ clientPublicKey: z.string().regex(/^04[0-9a-fA-F]{128}$/, { error: 'clientPublicKey must be an uncompressed P-256 key: 04 + 128 hex' }) });
/** `POST /sandbox/embedded-wallets` body (engine extra). */
export const provisionWalletSchema = z.strictObject({
  customerId: z.string().min(1).max(200),
  email: z.email({ error: 'email must be an email address' }).max(320),
  phoneNumber: z.string().regex(/^\+[1-9][0-9]{6,14}$/, { error: 'phoneNumber must be E.164' }).optional(),
  currency: z.enum(['USD', 'USDC', 'BTC']).default('USD'),
});

function contextOf(route: RouteContext<DomainState>) {
  return { at: route.at, nowMs: route.nowMs, newId: route.newId, secretDigest: route.secretDigest };
}

/** Every embedded-wallet route. */
export const walletRoutes: readonly Route<DomainState>[] = [
  {
    method: 'PATCH',
    path: '/internal-accounts/{accountId}',
    auth: 'platform',
    schema: updateWalletSchema,
    handle: (route) => {
      const body = validate(updateWalletSchema, route.request.body ?? {});
      if (!body.ok) return body;
      const accountId = route.params.accountId ?? '';
      return signedAnswer(decideUpdateWallet(route.state, accountId, body.value.privateEnabled, { headers: route.request.headers, body: route.request.body }, contextOf(route)), (_done, after) => ({
        status: 200,
        body: { ...internalAccountView(after.accounts.byId.get(accountId)!, after.ledger), privateEnabled: after.auth.wallets.get(accountId)?.privateEnabled ?? false },
      }));
    },
  },
  {
    method: 'POST',
    path: '/internal-accounts/{accountId}/export',
    auth: 'platform',
    schema: exportWalletSchema,
    handle: (route) => {
      const body = validate(exportWalletSchema, route.request.body ?? {});
      if (!body.ok) return body;
      const accountId = route.params.accountId ?? '';
      return signedAnswer(decideExportWallet(route.state, accountId, body.value.clientPublicKey, { headers: route.request.headers, body: route.request.body }, contextOf(route)), (done) => ({
        status: 200,
        body: { id: accountId, encryptedWalletCredentials: done.encryptedWalletCredentials },
      }));
    },
  },
  {
    method: 'POST',
    path: '/sandbox/embedded-wallets',
    auth: 'platform',
    schema: provisionWalletSchema,
    handle: (route) => {
      const body = validate(provisionWalletSchema, route.request.body ?? {});
      if (!body.ok) return body;
      const { customerId, email, phoneNumber, currency } = body.value;
      const decided = decideProvisionWallet(route.state, { customerId, email, currency, ...(phoneNumber === undefined ? {} : { phoneNumber }) }, contextOf(route));
      if (!decided.ok) return decided;
      const { accountId, credentialId } = decided.value;
      const enclave = enclavePublicKey(route.secretDigest);
      return ok({
        events: decided.value.events,
        respond: (after) => ({
          status: 201,
          body: {
            internalAccount: internalAccountView(after.accounts.byId.get(accountId)!, after.ledger),
            credential: credentialResponseView(after.auth.credentials.get(credentialId)!),
            enclavePublicKey: enclave,
          },
        }),
      });
    },
  },
];
