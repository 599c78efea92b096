/**
 * Real-time funding: the payment instructions a REALTIME_FUNDING quote answers (spec:
 * Quote.paymentInstructions: `accountOrWalletInfo` with `accountType` USD_ACCOUNT or SPARK_WALLET,
 * and `instructionsNotes`), derived from the quote id so replay shows the same values, and the rail
 * the funds arrive on. Decided (docs/quotes.md): USD arrives at a sandbox bank account (by ACH,
 * wire, RTP or FedNow; the sandbox books it as RTP), BTC at a Spark wallet over Lightning.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { bareUuid } from '../../core/ids.js';
import { formatMinor } from '../../core/money.js';
import type { PaymentInstruction } from './types.js';

/** Currencies a quote can be funded in real time. */
export const REALTIME_FUNDING_CURRENCIES = ['USD', 'BTC'] as const satisfies readonly CurrencyCode[];

/** The sandbox bank's routing number (a valid ABA number) and name. */
export const SANDBOX_FUNDING_ROUTING_NUMBER = '091000019';
export const SANDBOX_FUNDING_BANK_NAME = 'Sandbox Funding Bank';

/** The rail real-time funds in `currency` arrive on (names the in-transit ledger account). */
export function realtimeFundingRail(currency: CurrencyCode): string {
  return currency === 'BTC' ? 'LIGHTNING' : 'RTP';
}

/** The reference a payer must quote so the funds match the quote: "RTF" and 16 hex digits of its uuid. Pure. */
export function fundingReference(quoteId: string): string {
  return `RTF${bareUuid(quoteId).replaceAll('-', '').slice(-16).toUpperCase()}`;
}

function digitsOf(quoteId: string, count: number): string {
  return (BigInt(`0x${bareUuid(quoteId).replaceAll('-', '')}`) % 10n ** BigInt(count)).toString().padStart(count, '0');
}

/** The instructions for paying `amountMinor` of `currency` into quote `quoteId`. Pure. */
export function paymentInstructionsFor(quoteId: string, currency: CurrencyCode, amountMinor: bigint, expiresAt: string): PaymentInstruction[] {
  const reference = fundingReference(quoteId);
  const amount = `${formatMinor(amountMinor, currency)} ${currency}`;
  if (currency === 'BTC') {
    const hex = bareUuid(quoteId).replaceAll('-', '');
    return [
      {
        accountOrWalletInfo: {
          accountType: 'SPARK_WALLET',
          assetType: 'BTC',
          address: `sp1sandbox${hex}`,
          invoice: `lnbcrt${amountMinor}n1sandbox${hex}`,
        },
        instructionsNotes: `Pay exactly ${amount} to the invoice before ${expiresAt}.`,
      },
    ];
  }
  return [
    {
      accountOrWalletInfo: {
        accountType: 'USD_ACCOUNT',
        paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
        accountNumber: `9${digitsOf(quoteId, 11)}`,
        routingNumber: SANDBOX_FUNDING_ROUTING_NUMBER,
        bankName: SANDBOX_FUNDING_BANK_NAME,
        reference,
      },
      instructionsNotes: `Send exactly ${amount} before ${expiresAt}, quoting reference ${reference}.`,
    },
  ];
}
