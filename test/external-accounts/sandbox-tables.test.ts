/**
 * The spec's external account sandbox tables (Sandbox behaviour > External account suffixes) row
 * for row: each constant against the spec's rows, and each lookup on every row, including the
 * "any other" row, the 112..118 base58 alias of the destination table, and the 009 source rule.
 */
import { describe, expect, it } from 'vitest';
import {
  BENEFICIARY_SUFFIX_TABLE,
  DESTINATION_SUFFIX_TABLE,
  FUNDING_SUFFIX_TABLE,
  SANDBOX_VALID_OWNERSHIP_SIGNATURE,
  SOURCE_RETURN_DELAY_MS,
  beneficiarySuffixRow,
  canonicalDestinationSuffix,
  destinationSuffixRow,
  externalAccountSuffix,
  fundingSuffixRow,
  isSandboxValidOwnershipSignature,
  sourceSuffixBehaviour,
} from '../../src/sandbox/external-accounts.js';

describe('the suffix of a primary identifier', () => {
  it.each([
    ['123456102', '102'],
    ['DE89370400440532013000', '000'],
    ['0xababababababababababababababababababc105', '105'],
    ['alice103@example.com', '103'],
    ['a@b.example.com', 'a'],
  ])('of %s is %s (the username part when there is a domain)', (identifier, suffix) => {
    expect(externalAccountSuffix(identifier)).toBe(suffix);
  });
});

// Spec: "Beneficiary name verification suffixes (102 to 107 ...)", one row each, "any other" last.
const BENEFICIARY_ROWS = [
  ['102', 'NOT_MATCHED'],
  ['103', 'PARTIAL_MATCH'],
  ['104', 'PENDING'],
  ['105', '400 invalid account'],
  ['106', 'UNSUPPORTED'],
  ['107', 'CHECKED_BY_RECEIVING_FI'],
  ['any other', 'MATCHED'],
] as const;

function beneficiaryCell(outcome: (typeof BENEFICIARY_SUFFIX_TABLE)[number]['outcome']): string {
  return outcome.kind === 'status' ? outcome.status : `${outcome.httpStatus} invalid account`;
}

describe('the beneficiary name verification table', () => {
  it('has the spec rows in the spec order', () => {
    expect(BENEFICIARY_SUFFIX_TABLE.map((row) => [row.suffix ?? 'any other', beneficiaryCell(row.outcome)])).toEqual(BENEFICIARY_ROWS);
  });

  it.each(BENEFICIARY_ROWS)('suffix %s gives %s', (suffix, cell) => {
    const probe = suffix === 'any other' ? '789' : suffix;
    expect(beneficiaryCell(beneficiarySuffixRow(probe).outcome)).toBe(cell);
  });

  it.each(['002', '112', '009', '108', '101'])('reads %s as "any other" (MATCHED): the tables do not overlap', (suffix) => {
    expect(beneficiarySuffixRow(suffix).outcome).toEqual({ kind: 'status', status: 'MATCHED' });
  });
});

// Spec: "When the account funds an incoming transfer".
const FUNDING_ROWS = [
  ['002', 'insufficient funds, fails immediately'],
  ['003', 'account closed or invalid, fails immediately'],
  ['004', 'bank rejects the transfer'],
  ['005', 'stays pending about 30 seconds, then fails'],
  ['any other', 'success'],
] as const;

describe('the incoming funding table', () => {
  it('has the spec rows in the spec order', () => {
    expect(FUNDING_SUFFIX_TABLE.map((row) => [row.suffix ?? 'any other', row.description])).toEqual(FUNDING_ROWS);
  });

  it.each([
    ['002', 'INSUFFICIENT_FUNDS', true, undefined],
    ['003', 'ACCOUNT_CLOSED_OR_INVALID', true, undefined],
    ['004', 'BANK_REJECTED', false, undefined],
    ['005', 'PENDING_THEN_FAILS', false, 30_000],
    ['789', 'SUCCESS', false, undefined],
  ] as const)('suffix %s: %s, fails immediately %s, after %s ms', (suffix, behaviour, immediately, afterMs) => {
    const row = fundingSuffixRow(suffix);
    expect(row.behaviour).toBe(behaviour);
    expect(row.failsImmediately).toBe(immediately);
    expect(row.failsAfterMs).toBe(afterMs);
  });

  it('does not apply the destination alias (113 is "any other" here)', () => {
    expect(fundingSuffixRow('113').behaviour).toBe('SUCCESS');
  });
});

// Spec: "When the account is the destination of a quote".
const DESTINATION_ROWS = [
  ['002', 'quote execution failed'],
  ['003', 'completes after about 6 minutes'],
  ['004', 'counterparty delivery failed'],
  ['005', 'completes, then fails with failureReason PAYOUT_RETURNED'],
  ['006', 'user cancellation'],
  ['007', 'payout and refund failed'],
  ['008', 'user cancellation while processing; refunded about a minute after execution'],
  ['any other', 'success'],
] as const;

describe('the quote destination table', () => {
  it('has the spec rows in the spec order', () => {
    expect(DESTINATION_SUFFIX_TABLE.map((row) => [row.suffix ?? 'any other', row.description])).toEqual(DESTINATION_ROWS);
  });

  it.each([
    ['002', 'QUOTE_EXECUTION_FAILED'],
    ['003', 'COMPLETES_AFTER_DELAY'],
    ['004', 'COUNTERPARTY_DELIVERY_FAILED'],
    ['005', 'COMPLETES_THEN_RETURNED'],
    ['006', 'USER_CANCELLATION'],
    ['007', 'PAYOUT_AND_REFUND_FAILED'],
    ['008', 'USER_CANCELLATION_WHILE_PROCESSING'],
    ['789', 'SUCCESS'],
  ] as const)('suffix %s: %s', (suffix, behaviour) => {
    expect(destinationSuffixRow(suffix).behaviour).toBe(behaviour);
  });

  it.each(['2', '3', '4', '5', '6', '7', '8'])('reads the base58 alias 11%s like 00%s', (digit) => {
    expect(canonicalDestinationSuffix(`11${digit}`)).toBe(`00${digit}`);
    expect(destinationSuffixRow(`11${digit}`)).toBe(destinationSuffixRow(`00${digit}`));
  });

  it.each(['111', '119', '102', '009', '110'])('leaves %s alone (no alias)', (suffix) => {
    expect(canonicalDestinationSuffix(suffix)).toBe(suffix);
    expect(destinationSuffixRow(suffix).behaviour).toBe('SUCCESS');
  });

  it('carries the delays and the failure reason the spec names', () => {
    expect(destinationSuffixRow('003').delayMs).toBe(6 * 60_000);
    expect(destinationSuffixRow('008').delayMs).toBe(60_000);
    expect(destinationSuffixRow('005').failureReason).toBe('PAYOUT_RETURNED');
  });
});

describe('the quote source rule (009)', () => {
  it('returns a pull from a 009 account about 30 seconds after it completes', () => {
    expect(sourceSuffixBehaviour('009', { creditsEmbeddedWallet: false })).toEqual({
      behaviour: 'COMPLETES_THEN_RETURNED',
      returnAfterMs: SOURCE_RETURN_DELAY_MS,
      events: ['INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED'],
    });
    expect(SOURCE_RETURN_DELAY_MS).toBe(30_000);
  });

  it('is not simulated when the quote credits an embedded wallet', () => {
    expect(sourceSuffixBehaviour('009', { creditsEmbeddedWallet: true })).toEqual({ behaviour: 'SUCCESS' });
  });

  it.each(['008', '119', '789'])('succeeds for any other suffix (%s)', (suffix) => {
    expect(sourceSuffixBehaviour(suffix, { creditsEmbeddedWallet: false })).toEqual({ behaviour: 'SUCCESS' });
  });
});

describe('the sandbox ownership signature', () => {
  it('accepts exactly sandbox-valid-signature', () => {
    expect(SANDBOX_VALID_OWNERSHIP_SIGNATURE).toBe('sandbox-valid-signature');
    expect(isSandboxValidOwnershipSignature('sandbox-valid-signature')).toBe(true);
    expect(isSandboxValidOwnershipSignature('sandbox-valid-signature ')).toBe(false);
    expect(isSandboxValidOwnershipSignature('SANDBOX-VALID-SIGNATURE')).toBe(false);
  });
});
