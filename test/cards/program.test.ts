/** GET / PATCH /config/cards: the card program (live-card maximum, one per cardholder, caps). */
import { describe, expect, it } from 'vitest';
import { effectiveLimits } from '../../src/domains/cards/program.js';
import { cardHarness } from './support.js';

describe('card program', () => {
  it('starts at 1,000 live cards, several per cardholder, no caps', () => {
    const h = cardHarness();
    expect(h.ok('GET', '/config/cards')).toEqual({ maxLiveCards: 1000, oneCardPerCardholder: false, maxSpendPerTransaction: null, maxSpendPerDay: null, maxTransactionsPerDay: null });
  });

  it('replaces the fields a PATCH names, null removes a cap, and an unchanged PATCH writes nothing', () => {
    const h = cardHarness();
    const r = h.call('PATCH', '/config/cards', { maxLiveCards: 5, maxSpendPerDay: 10_000 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ maxLiveCards: 5, maxSpendPerDay: 10_000, updatedAt: h.now });
    expect(r.events.map((e) => e.type)).toContain('CardProgramConfigured');
    expect(h.call('PATCH', '/config/cards', { maxLiveCards: 5 }).events).toEqual([]);
    expect(h.ok('PATCH', '/config/cards', { maxSpendPerDay: null }).maxSpendPerDay).toBeNull();
  });

  it('lists every invalid field in one 400 and writes nothing', () => {
    const h = cardHarness();
    const r = h.call('PATCH', '/config/cards', { maxLiveCards: 0, oneCardPerCardholder: 'yes', maxSpendPerTransaction: -1, extra: 1 });
    expect(r.status).toBe(400);
    expect((r.body as any).details.errors.map((e: any) => e.field)).toEqual(['extra', 'maxLiveCards', 'maxSpendPerTransaction', 'oneCardPerCardholder']);
    expect(r.events).toEqual([]);
  });

  it.each([
    { program: {}, card: {}, expected: {} },
    { program: { maxSpendPerDayMinor: '500' }, card: {}, expected: { maxSpendPerDayMinor: 500n } },
    { program: {}, card: { maxSpendPerDayMinor: '700' }, expected: { maxSpendPerDayMinor: 700n } },
    { program: { maxSpendPerDayMinor: '500' }, card: { maxSpendPerDayMinor: '700' }, expected: { maxSpendPerDayMinor: 500n } },
    { program: { maxTransactionsPerDay: 9 }, card: { maxTransactionsPerDay: 2 }, expected: { maxTransactionsPerDay: 2 } },
  ])('applies the lower of the program cap and the card value: $program / $card', ({ program, card, expected }) => {
    expect(effectiveLimits(program, { ...card } as never)).toEqual(expected);
  });
});
