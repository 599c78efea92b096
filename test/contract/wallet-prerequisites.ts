/**
 * Prerequisites of the reference's embedded-wallet examples (issue 12): an EMBEDDED_WALLET account
 * with its EMAIL_OTP credential and a logged-in session, made on the example's own copy of the
 * world, and the example's placeholders (`accountId`, the `{id}` of a credential or session, the
 * `{accountId}` of a wallet) pointed at them. Used by `examples.test.ts`.
 */
import type { Harness } from '../support/harness.js';
import { Authenticator } from '../wallets/passkey-client.js';
import { newKeyPair, newWallet, otpLogin, signed, type Wallet } from '../wallets/support.js';

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A new credential of `type` on the wallet, added as a client would (the signed two-call flow). */
async function credentialOfType(h: Harness, wallet: Wallet, type: string): Promise<string> {
  const { key } = await otpLogin(wallet);
  const nowS = Math.floor(Date.parse(h.now) / 1000);
  const bodies: Record<string, Record<string, unknown>> = {
    SMS_OTP: {},
    OAUTH: { oidcToken: `${b64url({ alg: 'RS256' })}.${b64url({ iss: 'https://accounts.google.com', aud: 'aud-1', sub: 'sub-1', iat: nowS, exp: nowS + 600 })}.sig` },
    PASSKEY: { nickname: 'Key', challenge: 'abc', attestation: new Authenticator().register('abc') },
  };
  const added = await signed(h, 'POST', '/auth/credentials', { type, accountId: wallet.accountId, ...bodies[type] }, key);
  return added.body.id as string;
}

/** What to send instead of the example's path and body. */
export type Prepared = { readonly path?: string; readonly body?: unknown; readonly headers?: Record<string, string> };

/** The wallet operations whose examples need a wallet, by `METHOD template`. */
export const WALLET_OPERATIONS: readonly string[] = [
  'POST /auth/credentials',
  'POST /auth/credentials/{id}/verify',
  'POST /auth/credentials/{id}/challenge',
  'POST /auth/sessions/{id}/refresh',
  'POST /auth/delegated-keys',
  'PATCH /internal-accounts/{accountId}',
  'POST /internal-accounts/{accountId}/export',
];

/** A wallet for `operation`'s example on `h`, and the example's path and body pointed at it. */
export async function prepareWalletExample(h: Harness, operation: string, body: unknown): Promise<Prepared> {
  const wallet = newWallet(h);
  const [method, template = ''] = operation.split(' ');
  let id = wallet.credentialId;
  if (template.startsWith('/auth/sessions/')) id = (await otpLogin(wallet)).session.id as string;
  // A verify example proves a credential of its own type: make one (signed by a logged-in session).
  const type = body !== null && typeof body === 'object' ? (body as { type?: unknown }).type : undefined;
  if (template === '/auth/credentials/{id}/verify' && type !== 'EMAIL_OTP') id = await credentialOfType(h, wallet, String(type));
  // A passkey verify echoes the Request-Id of its challenge (spec copy).
  const headers: Record<string, string> =
    template === '/auth/credentials/{id}/verify' && type === 'PASSKEY' ? { 'Request-Id': h.ok('POST', `/auth/credentials/${id}/challenge`, { clientPublicKey: newKeyPair().publicKey }).requestId } : {};
  const path = template.replace('{id}', encodeURIComponent(id)).replace('{accountId}', encodeURIComponent(wallet.accountId));
  if (body === null || typeof body !== 'object') return { path, body, headers };
  // The example's wallet account, under either name the reference gives it; a card it funds.
  const withAccount: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const name of ['accountId', 'internalAccountId']) if (name in withAccount) withAccount[name] = wallet.accountId;
  if ('cardId' in withAccount) {
    withAccount.cardId = h.ok('POST', '/cards', { customerId: wallet.customerId, fundingSource: wallet.accountId, form: 'VIRTUAL' }).id;
  }
  return method === undefined ? {} : { path, body: withAccount, headers };
}
