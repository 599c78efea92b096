/**
 * Delegated signing keys: three legs (202, signed retry -> PENDING and a second 202, signed retry
 * -> ACTIVE 201), one ACTIVE key per card funding source (409), list filters, get, revoke.
 */
import { describe, expect, it } from 'vitest';
import { cardHarness, cardholder } from '../cards/support.js';
import { call } from '../quotes/support.js';
import { newWallet, otpLogin, retryHeaders, stamp } from './support.js';

async function walletCard() {
  const h = cardHarness();
  const holder = cardholder(h);
  const wallet = newWallet(h);
  const walletAccount = h.ok('POST', '/sandbox/embedded-wallets', { customerId: holder.customerId, email: 'ada@example.com' });
  const card = h.ok('POST', '/cards', { customerId: holder.customerId, fundingSource: walletAccount.internalAccount.id, form: 'VIRTUAL' });
  const owner = { ...wallet, customerId: holder.customerId, accountId: walletAccount.internalAccount.id, credentialId: walletAccount.credential.id, bundle: walletAccount.credential.otpEncryptionTargetBundle };
  const { key } = await otpLogin(owner);
  return { h, card, accountId: owner.accountId, key };
}

describe('/auth/delegated-keys', () => {
  it('three legs: 202, PENDING + 202, ACTIVE 201; the same body on every leg; a second ACTIVE key is 409', async () => {
    const { h, card, accountId, key } = await walletCard();
    const body = { cardId: card.id, internalAccountId: accountId, nickname: 'Card payments key' };
    const first = call(h, 'POST', '/auth/delegated-keys', body);
    expect(first.status).toBe(202);
    const second = call(h, 'POST', '/auth/delegated-keys', body, retryHeaders(await stamp(key, first.body.payloadToSign), first.body.requestId));
    expect(second.status).toBe(202);
    expect(second.body.requestId).not.toBe(first.body.requestId);
    const pending = h.ok('GET', `/auth/delegated-keys?accountId=${accountId}`).data;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'PENDING', cardId: card.id, publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/) });
    const mismatch = call(h, 'POST', '/auth/delegated-keys', { ...body, nickname: 'other' }, retryHeaders(await stamp(key, second.body.payloadToSign), second.body.requestId));
    expect(mismatch.body.code).toBe('WALLET_SIGNATURE_BODY_MISMATCH');
    const third = call(h, 'POST', '/auth/delegated-keys', body, retryHeaders(await stamp(key, second.body.payloadToSign), second.body.requestId));
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({ id: pending[0].id, status: 'ACTIVE', fundingSourceId: expect.stringMatching(/^CardFundingSource:/), nickname: 'Card payments key' });
    expect(h.ok('GET', `/auth/delegated-keys?fundingSourceId=${third.body.fundingSourceId}`).data).toHaveLength(1);
    expect(h.ok('GET', `/auth/delegated-keys/${third.body.id}`).status).toBe('ACTIVE');
    expect(call(h, 'POST', '/auth/delegated-keys', body).status).toBe(409);
    expect(call(h, 'DELETE', `/auth/delegated-keys/${third.body.id}`).status).toBe(204);
    expect(h.ok('GET', `/auth/delegated-keys/${third.body.id}`).status).toBe('REVOKED');
    expect(call(h, 'DELETE', `/auth/delegated-keys/${third.body.id}`).status).toBe(409);
    expect(call(h, 'POST', '/auth/delegated-keys', body).status).toBe(202);
  });

  it('list needs accountId or fundingSourceId (400); unknown key 404; a card not funded by the wallet 404', async () => {
    const { h, card, key } = await walletCard();
    expect(call(h, 'GET', '/auth/delegated-keys').status).toBe(400);
    expect(call(h, 'GET', '/auth/delegated-keys/DelegatedKey:00000000-0000-0000-0000-000000000000').status).toBe(404);
    const other = h.ok('GET', `/customers/internal-accounts?customerId=${card.customerId}`).data.find((a: any) => a.type !== 'EMBEDDED_WALLET');
    expect(call(h, 'POST', '/auth/delegated-keys', { cardId: card.id, internalAccountId: other.id, nickname: 'k' }).status).toBe(404);
    expect(key).toBeDefined();
  });
});
