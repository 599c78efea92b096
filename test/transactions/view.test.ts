/**
 * The wire view: reconciliationInstructions for every status but CREATED, failureReason only when
 * FAILED, railDetails per rail exactly as the spec's table, and the deprecated fields still
 * populated (onChainTransaction, a REALTIME_FUNDING source's flat originator fields).
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import {
  INCOMING_STATES, lifecycleStateOf, newRailDetails, OUTGOING_STATES, DETAILED_RAILS, RAIL_STATUSES, type RailDetails, railIdentifiers,
  reconciliationReference, sourceView, destinationView, transactionView, withRailStatus,
} from '../../src/domains/transactions/index.js';
import { create, customer, drive, pathTo, payInInput, payoutInput, read, world } from './support.js';

const TX = 'Transaction:019b8ee3-0000-7486-ac54-517ef4b30a09';
const AT = '2026-01-05T16:00:00.000Z';

describe('view fields by status', () => {
  const cases = [
    ...OUTGOING_STATES.map((state) => ['OUTGOING', state] as const),
    ...INCOMING_STATES.map((state) => ['INCOMING', state] as const),
  ];
  it.each(cases)('%s %s: reconciliationInstructions unless CREATED, failureReason only when FAILED', (type, state) => {
    const w = world();
    const who = customer(w);
    const id = create(w, type === 'OUTGOING' ? payoutInput(w, who) : payInInput(w, who));
    drive(w, id, pathTo(type, type === 'OUTGOING' ? 'PENDING' : 'CREATED', state));
    expect(lifecycleStateOf(w.state.transactions.byId.get(id)!)).toBe(state);
    const view = read(w, id);
    if (view.status === 'CREATED') expect(view).not.toHaveProperty('reconciliationInstructions');
    else expect(view.reconciliationInstructions).toEqual({ reference: reconciliationReference(id) });
    if (view.status === 'FAILED') expect(view.failureReason).toBeDefined();
    else expect(view).not.toHaveProperty('failureReason');
  });

  it('derives the reference from the id: TX and its 32 hex digits, at most 35 characters', () => {
    expect(reconciliationReference(TX)).toBe('TX019B8EE300007486AC54517EF4B30A09');
    expect(reconciliationReference(TX).length).toBeLessThanOrEqual(35);
  });

  it('omits absent optional fields rather than writing undefined (webhook data stays JSON-safe)', () => {
    const w = world();
    const id = create(w, payInInput(w, customer(w), { overrides: { feesMinor: undefined } as never }));
    const record = w.state.transactions.byId.get(id)!;
    expect(Object.keys(record)).not.toContain('feesMinor');
    const view = transactionView(record);
    expect(Object.values(view as Record<string, unknown>).includes(undefined)).toBe(false);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });
});

describe('railDetails per rail (spec table)', () => {
  // | paymentRail | status values | rail-specific fields |
  const SPEC_ROWS = [
    ['ONCHAIN', [], ['transactionHash', 'network']],
    ['ACH', ['PENDING', 'SETTLED', 'RETURNED', 'REVERSED', 'FAILED'], ['traceNumber', 'addenda', 'returnedAt', 'reversedAt']],
    ['ACH_SAME_DAY', ['PENDING', 'SETTLED', 'RETURNED', 'REVERSED', 'FAILED'], ['traceNumber', 'addenda', 'returnedAt', 'reversedAt']],
    ['WIRE', ['PENDING', 'SETTLED', 'FAILED'], ['imad', 'originatorToBeneficiaryInformation']],
    ['FEDNOW', ['PENDING', 'SETTLED', 'FAILED'], ['endToEndId', 'remittanceInformation']],
    ['RTP', ['PENDING', 'SETTLED', 'FAILED'], ['endToEndId', 'remittanceInformation']],
  ] as const;

  it('covers every rail of the table and no other', () => {
    expect([...DETAILED_RAILS].sort()).toEqual(SPEC_ROWS.map(([rail]) => rail).sort());
  });

  it.each(SPEC_ROWS)('%s: status values %j, fields %j', (rail, statuses, fields) => {
    expect(RAIL_STATUSES[rail]).toEqual(statuses);
    const details = newRailDetails(rail, TX, 'destination', { at: AT, network: 'BITCOIN' });
    const stamped = statuses.reduce((d: RailDetails, status) => withRailStatus(d, status, AT), details);
    const keys = new Set([...Object.keys(details), ...Object.keys(stamped)]);
    keys.delete('paymentRail');
    keys.delete('status');
    expect([...keys].sort()).toEqual([...fields].sort());
    if (statuses.length === 0) expect(details).not.toHaveProperty('status');
    else expect(details).toMatchObject({ paymentRail: rail, status: 'PENDING' });
  });

  it.each(SPEC_ROWS.filter(([rail]) => rail !== 'ONCHAIN'))('%s refuses a status of another rail', (rail, statuses) => {
    const details = newRailDetails(rail, TX, 'source', { at: AT });
    for (const status of ['PENDING', 'SETTLED', 'RETURNED', 'REVERSED', 'FAILED'] as const) {
      if ((statuses as readonly string[]).includes(status)) expect(withRailStatus(details, status, AT)).toMatchObject({ status });
      else expect(() => withRailStatus(details, status, AT)).toThrow(InvariantError);
    }
  });

  it('stamps returnedAt on RETURNED and reversedAt on REVERSED (ACH)', () => {
    const details = newRailDetails('ACH', TX, 'source', { at: AT });
    expect(withRailStatus(details, 'RETURNED', '2026-01-07T00:00:00.000Z')).toMatchObject({ status: 'RETURNED', returnedAt: '2026-01-07T00:00:00.000Z' });
    expect(withRailStatus(details, 'REVERSED', '2026-01-08T00:00:00.000Z')).toMatchObject({ status: 'REVERSED', reversedAt: '2026-01-08T00:00:00.000Z' });
  });

  it('derives rail identifiers from the id and side alone, in each rail format', () => {
    const ids = railIdentifiers(TX, 'destination', AT);
    expect(ids).toEqual(railIdentifiers(TX, 'destination', AT));
    expect(ids).not.toEqual(railIdentifiers(TX, 'source', AT));
    expect(ids.traceNumber).toMatch(/^\d{15}$/);
    expect(ids.imad).toMatch(/^20260105[A-Z0-9]{8}\d{6}$/);
    expect(ids.endToEndId.length).toBeLessThanOrEqual(35);
    expect(ids.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('puts the reconciliation reference in the remittance field unless told otherwise', () => {
    expect(newRailDetails('ACH', TX, 'source', { at: AT })).toMatchObject({ addenda: reconciliationReference(TX) });
    expect(newRailDetails('RTP', TX, 'source', { at: AT, remittanceInformation: 'Invoice 7' })).toMatchObject({ remittanceInformation: 'Invoice 7' });
  });

  it('asserts when ONCHAIN railDetails have no network', () => {
    expect(() => newRailDetails('ONCHAIN', TX, 'source', { at: AT })).toThrow(InvariantError);
  });
});

describe('deprecated fields still populated', () => {
  const bankAccount = { accountHolderName: 'Lee Smith', accountNumber: '000123456789', bankName: 'First Bank', routingNumber: '021000021' };

  it('onChainTransaction mirrors ONCHAIN railDetails on an ACCOUNT source and destination', () => {
    const onchain = newRailDetails('ONCHAIN', TX, 'destination', { at: AT, network: 'SPARK' });
    const expected = { transactionHash: (onchain as { transactionHash: string }).transactionHash, network: 'SPARK' };
    expect(destinationView({ destinationType: 'ACCOUNT', accountId: 'ExternalAccount:x', railDetails: onchain })).toEqual({
      destinationType: 'ACCOUNT', accountId: 'ExternalAccount:x', railDetails: onchain, onChainTransaction: expected,
    });
    expect(sourceView({ sourceType: 'ACCOUNT', accountId: 'ExternalAccount:x', railDetails: onchain })).toMatchObject({ onChainTransaction: expected });
    expect(sourceView({ sourceType: 'ACCOUNT', accountId: 'ExternalAccount:x', railDetails: newRailDetails('ACH', TX, 'source', { at: AT }) })).not.toHaveProperty('onChainTransaction');
  });

  it.each([
    ['FEDNOW', { remittanceInformation: 'TX019B8EE300007486AC54517EF4B30A09', endToEndId: railIdentifiers(TX, 'source', AT).endToEndId }],
    ['RTP', { remittanceInformation: 'TX019B8EE300007486AC54517EF4B30A09', endToEndId: railIdentifiers(TX, 'source', AT).endToEndId }],
    ['ACH', { remittanceInformation: 'TX019B8EE300007486AC54517EF4B30A09', traceNumber: railIdentifiers(TX, 'source', AT).traceNumber }],
    ['WIRE', { remittanceInformation: 'TX019B8EE300007486AC54517EF4B30A09' }],
  ] as const)('a REALTIME_FUNDING source on %s fills the flat originator fields from railDetails', (rail, railFields) => {
    const railDetails = newRailDetails(rail, TX, 'source', { at: AT, bankAccount });
    expect(sourceView({ sourceType: 'REALTIME_FUNDING', currency: 'USD', railDetails })).toEqual({
      sourceType: 'REALTIME_FUNDING',
      currency: 'USD',
      railDetails,
      accountHolderName: 'Lee Smith',
      accountIdentifier: '****6789',
      bankName: 'First Bank',
      bankIdentifier: '021000021',
      paymentRail: rail,
      ...railFields,
    });
  });

  it('a REALTIME_FUNDING source on a rail without a variant (SWIFT) carries the flat fields alone', () => {
    const flat = { accountHolderName: 'Ana Ruiz', accountIdentifier: '****4321', bankName: 'Banco', bankIdentifier: 'BANCMXMM', paymentRail: 'SWIFT' };
    expect(sourceView({ sourceType: 'REALTIME_FUNDING', currency: 'MXN', customerId: 'Customer:x', ...flat })).toEqual({
      sourceType: 'REALTIME_FUNDING', currency: 'MXN', customerId: 'Customer:x', ...flat,
    });
  });

  it('flat fields the flow gave win over those derived from railDetails; ONCHAIN adds onChainTransaction', () => {
    const railDetails = newRailDetails('FEDNOW', TX, 'source', { at: AT, bankAccount });
    expect(sourceView({ sourceType: 'REALTIME_FUNDING', currency: 'USD', railDetails, accountHolderName: 'L. Smith' })).toMatchObject({
      accountHolderName: 'L. Smith',
      bankName: 'First Bank',
    });
    const onchain = newRailDetails('ONCHAIN', TX, 'source', { at: AT, network: 'BITCOIN' });
    expect(sourceView({ sourceType: 'REALTIME_FUNDING', currency: 'BTC', railDetails: onchain })).toMatchObject({
      paymentRail: 'ONCHAIN',
      onChainTransaction: { network: 'BITCOIN' },
    });
  });

  it('UMA_ADDRESS sides carry their address and currency only', () => {
    expect(sourceView({ sourceType: 'UMA_ADDRESS', umaAddress: '$ana@pay.example', currency: 'MXN' })).toEqual({
      sourceType: 'UMA_ADDRESS', umaAddress: '$ana@pay.example', currency: 'MXN',
    });
    expect(destinationView({ destinationType: 'UMA_ADDRESS', umaAddress: '$lee@pay.example' })).toEqual({
      destinationType: 'UMA_ADDRESS', umaAddress: '$lee@pay.example',
    });
  });
});
