/**
 * Stored records (docs/architecture.md, "Stored records"): evolvers freeze an event's record in
 * place instead of copying it, so a stored quote or transaction is deeply frozen, the objects a
 * host passes as a request body are never frozen or stored, and a replay of the log as parsed
 * JSON rebuilds the same state.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { stateText } from '../support/state-text.js';
import { advanceBy, fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';
import { authorize, cardHarness, fundedCard, step } from '../cards/support.js';
import { deposit, newRuleBased } from '../deposits/support.js';
import { newAgent } from '../agents/support.js';

/** Every object reachable from `value` (own enumerable properties). */
function objectsIn(value: unknown, into: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    into.push(value);
    for (const inner of Object.values(value)) objectsIn(inner, into);
  }
  return into;
}

describe('stored records are frozen in place, never the host\'s objects', () => {
  it('a quote executed and stepped and its transaction are deeply frozen; the request body stays the host\'s and unfrozen', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    // Suffix 005: settles, then is returned 30 s later (a flow of four steps).
    const body = payoutBody(accountId, newExternalAccount(h, customerId, 'MXN', '005'), 10_000);
    const quote = h.ok('POST', '/quotes', body);
    const executed = h.ok('POST', `/quotes/${quote.id}/execute`);
    // Second by second until the flow has taken a step and has one left (a finished flow leaves the record).
    const stored = () => h.engine.state.quotes.byId.get(quote.id);
    for (let s = 0; s < 3600 && (stored()?.flow?.next ?? 0) === 0; s += 1) advanceBy(h, 1000);
    expect(objectsIn(body).every((object) => !Object.isFrozen(object))).toBe(true);
    const raw = stored();
    expect(raw?.flow?.next).toBeGreaterThan(0);
    const tx = h.engine.state.transactions.byId.get(executed.transactionId);
    for (const record of [raw, tx]) {
      const objects = objectsIn(record);
      expect(objects.length).toBeGreaterThan(3);
      expect(objects.filter((object) => !Object.isFrozen(object))).toEqual([]);
      expect(objects).not.toContain(body);
    }
  });

  it('a customer created and updated from host objects: the stored record is frozen, the host\'s bodies are not', () => {
    const h = setup();
    const created = { customerType: 'INDIVIDUAL', platformCustomerId: 'host-1', fullName: 'Ada Lovelace', address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' } };
    const customer = h.ok('POST', '/customers', created);
    const patch = { fullName: 'Ada King', address: { line1: '2 Main St', city: 'London', postalCode: 'N1 1AB', country: 'GB' } };
    h.ok('PATCH', `/customers/${customer.id}`, patch);
    expect([...objectsIn(created), ...objectsIn(patch)].filter((object) => Object.isFrozen(object))).toEqual([]);
    const record = h.engine.state.customers.byId.get(customer.id);
    expect(record).toMatchObject({ fullName: 'Ada King' });
    const objects = objectsIn(record);
    expect(objects.filter((object) => !Object.isFrozen(object))).toEqual([]);
    expect(objects).not.toContain(created.address);
    expect(objects).not.toContain(patch.address);
  });

  it('a card transaction cleared in part and an incoming payment stepped are new records, deeply frozen (updates built from known keys)', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    const authorized = authorize(h, card.id, 3_000);
    const created = h.engine.state.cardTransactions.byId.get(authorized.id);
    step(h, card.id, 'clearing', authorized.id, 1_000);
    const cleared = h.engine.state.cardTransactions.byId.get(authorized.id);
    expect(cleared).not.toBe(created);
    expect(cleared).toMatchObject({ status: 'PARTIALLY_SETTLED', settledAmountMinor: '1000' });
    const holder = newCustomer(h);
    const depositId = deposit(h, holder.accountId, 5_000);
    const started = h.engine.state.incoming.byTransactionId.get(depositId);
    advanceBy(h, 10_000);
    const stepped = h.engine.state.incoming.byTransactionId.get(depositId);
    expect(stepped).not.toBe(started);
    expect(stepped?.remaining.length).toBeLessThan(started?.remaining.length ?? 0);
    for (const record of [cleared, stepped]) {
      const objects = objectsIn(record);
      expect(objects.length).toBeGreaterThan(1);
      expect(objects.filter((object) => !Object.isFrozen(object))).toEqual([]);
    }
  });

  it('a replay of the log parsed from JSON rebuilds the same state', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'USD', '789'), 10_000));
    h.ok('POST', `/quotes/${quote.id}/execute`);
    advanceBy(h, 24 * 60 * 60 * 1000);
    const parsed = JSON.parse(JSON.stringify(h.log));
    expect(stateText(createEngine({ events: parsed }))).toBe(stateText(h.engine));
  });

  it('a rule-based account and a new agent are deeply frozen, their sweep rule and empty usage maps too, live and replayed from JSON', () => {
    const h = setup();
    const { customerId } = newCustomer(h);
    const ruleBased = newRuleBased(h, customerId, newExternalAccount(h, customerId, 'USD', '789'));
    const { agentId } = newAgent(h, customerId);
    const replayed = createEngine({ events: JSON.parse(JSON.stringify(h.log)) });
    for (const engine of [h.engine, replayed]) {
      const account = engine.state.accounts.byId.get(ruleBased);
      const agent = engine.state.agents.byId.get(agentId);
      expect(account?.sweepRule).toBeDefined();
      expect(agent?.usage.dailySpendMinor).toBeDefined();
      // deepFreeze stops at a frozen object: a shallow freeze of one with open parts left them open.
      for (const record of [account, agent]) expect(objectsIn(record).filter((object) => !Object.isFrozen(object))).toEqual([]);
    }
  });
});
