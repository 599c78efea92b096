/**
 * The wire form of a transaction (GET answers and webhook `data`), fields in the spec's order:
 * amounts as CurrencyAmount, `fees` and `exchangeRate` as numbers, `reconciliationInstructions`
 * for every status but CREATED, `failureReason` only when FAILED, and the deprecated fields still
 * populated: `onChainTransaction` from ONCHAIN railDetails, and a REALTIME_FUNDING source's flat
 * originator fields filled from its railDetails where the flow gave none.
 */
import { assert } from '../../core/assert.js';
import type { CurrencyCode } from '../../core/currency.js';
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import type { RailDetails } from './rails.js';
import { reconciliationReference } from './reference.js';
import type {
  AmountRecord,
  OriginatorFields,
  Refund,
  Transaction,
  TransactionDestination,
  TransactionDirection,
  TransactionFailureReason,
  TransactionPendingReason,
  TransactionSource,
  TransactionStatus,
} from './types.js';

/** OnChainTransaction (deprecated; the same data as ONCHAIN railDetails). */
export type OnChainTransactionView = { readonly transactionHash: string; readonly network: string };

/** `source` on the wire. */
export type TransactionSourceView =
  | { readonly sourceType: 'ACCOUNT'; readonly accountId: string; readonly currency?: CurrencyCode; readonly railDetails?: RailDetails; readonly onChainTransaction?: OnChainTransactionView }
  | { readonly sourceType: 'UMA_ADDRESS'; readonly umaAddress: string; readonly currency?: CurrencyCode }
  | (OriginatorFields & {
      readonly sourceType: 'REALTIME_FUNDING';
      readonly currency: CurrencyCode;
      readonly customerId?: string;
      readonly railDetails?: RailDetails;
      readonly onChainTransaction?: OnChainTransactionView;
    });

/** `destination` on the wire. */
export type TransactionDestinationView =
  | { readonly destinationType: 'ACCOUNT'; readonly accountId: string; readonly railDetails?: RailDetails; readonly onChainTransaction?: OnChainTransactionView; readonly currency?: CurrencyCode }
  | { readonly destinationType: 'UMA_ADDRESS'; readonly umaAddress: string; readonly currency?: CurrencyCode };

/** The wire form of a transaction (IncomingTransaction, or the outgoing shape decided in docs). */
export type TransactionView = {
  readonly id: string;
  readonly status: TransactionStatus;
  readonly pendingReason?: TransactionPendingReason;
  readonly type: 'INCOMING' | 'OUTGOING';
  readonly direction: TransactionDirection;
  readonly source: TransactionSourceView;
  readonly destination: TransactionDestinationView;
  readonly ruleBasedAccountId?: string;
  readonly customerId: string;
  readonly platformCustomerId: string;
  readonly settledAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly receiptDeliveryConfirmedAt?: string;
  readonly agentId?: string;
  readonly description?: string;
  readonly sentAmount?: CurrencyAmount;
  readonly receivedAmount?: CurrencyAmount;
  readonly exchangeRate?: number;
  readonly fees?: number;
  readonly quoteId?: string;
  readonly refund?: Refund;
  readonly counterpartyInformation?: Readonly<Record<string, unknown>>;
  readonly reconciliationInstructions?: { readonly reference: string };
  readonly failureReason?: TransactionFailureReason;
  /** Only while pending platform approval: what the approval webhook asks for. */
  readonly requestedReceiverCustomerInfoFields?: readonly string[];
};

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function amountView(amount: AmountRecord | undefined): CurrencyAmount | undefined {
  return amount === undefined ? undefined : toCurrencyAmount(BigInt(amount.amountMinor), amount.currency);
}

/**
 * The spec copy: `receivedAmount` is "absent only for rule-based sweeps that could not be quoted,
 * otherwise always present" (the reference's IncomingTransaction requires it). An incoming payment
 * other than a sweep that has none recorded answers zero in the currency sent (issue 12,
 * docs/wire-contract.md); sweeps and outgoing payments keep it absent.
 */
function noneReceived(tx: Transaction): AmountRecord | undefined {
  if (tx.type !== 'INCOMING' || tx.ruleBasedAccountId !== undefined || tx.sentAmount === undefined) return undefined;
  return { amountMinor: '0', currency: tx.sentAmount.currency };
}

function onChainOf(details: RailDetails | undefined): OnChainTransactionView | undefined {
  return details?.paymentRail === 'ONCHAIN' ? { transactionHash: details.transactionHash, network: details.network } : undefined;
}

/** An account number shown by its last four characters only. */
function masked(accountNumber: string): string {
  return accountNumber.length <= 4 ? accountNumber : `****${accountNumber.slice(-4)}`;
}

/** The flat originator fields a railDetails variant knows. Pure. */
export function originatorFieldsOf(details: RailDetails | undefined): OriginatorFields {
  if (details === undefined || details.paymentRail === 'ONCHAIN') return details === undefined ? {} : { paymentRail: details.paymentRail };
  const bank = details.bankAccount;
  const common = {
    ...opt('accountHolderName', bank?.accountHolderName),
    ...opt('accountIdentifier', bank?.accountNumber === undefined ? undefined : masked(bank.accountNumber)),
    ...opt('bankName', bank?.bankName),
    ...opt('bankIdentifier', bank?.routingNumber),
    paymentRail: details.paymentRail,
  };
  switch (details.paymentRail) {
    case 'ACH':
    case 'ACH_SAME_DAY':
      return { ...common, ...opt('remittanceInformation', details.addenda), ...opt('traceNumber', details.traceNumber) };
    case 'WIRE':
      return { ...common, ...opt('remittanceInformation', details.originatorToBeneficiaryInformation) };
    case 'FEDNOW':
    case 'RTP':
      return { ...common, ...opt('remittanceInformation', details.remittanceInformation), ...opt('endToEndId', details.endToEndId) };
  }
}

const ORIGINATOR_KEYS = [
  'accountHolderName', 'accountIdentifier', 'bankName', 'bankIdentifier', 'paymentRail', 'remittanceInformation', 'endToEndId', 'traceNumber',
] as const satisfies readonly (keyof OriginatorFields)[];

/** The wire form of a source. Pure. */
export function sourceView(source: TransactionSource): TransactionSourceView {
  switch (source.sourceType) {
    case 'ACCOUNT':
      return {
        sourceType: 'ACCOUNT',
        accountId: source.accountId,
        ...opt('currency', source.currency),
        ...opt('railDetails', source.railDetails),
        ...opt('onChainTransaction', onChainOf(source.railDetails)),
      };
    case 'UMA_ADDRESS':
      return { sourceType: 'UMA_ADDRESS', umaAddress: source.umaAddress, ...opt('currency', source.currency) };
    case 'REALTIME_FUNDING': {
      // Flat fields the flow gave win; the rest come from railDetails, so both stay populated.
      const derived = originatorFieldsOf(source.railDetails);
      const flat: Record<string, string> = {};
      for (const key of ORIGINATOR_KEYS) {
        const value = source[key] ?? derived[key];
        if (value !== undefined) flat[key] = value;
      }
      return {
        sourceType: 'REALTIME_FUNDING',
        currency: source.currency,
        ...opt('customerId', source.customerId),
        ...opt('railDetails', source.railDetails),
        ...(flat as OriginatorFields),
        ...opt('onChainTransaction', onChainOf(source.railDetails)),
      };
    }
  }
}

/** The wire form of a destination. Pure. */
export function destinationView(destination: TransactionDestination): TransactionDestinationView {
  if (destination.destinationType === 'UMA_ADDRESS') {
    return { destinationType: 'UMA_ADDRESS', umaAddress: destination.umaAddress, ...opt('currency', destination.currency) };
  }
  return {
    destinationType: 'ACCOUNT',
    accountId: destination.accountId,
    ...opt('railDetails', destination.railDetails),
    ...opt('onChainTransaction', onChainOf(destination.railDetails)),
    ...opt('currency', destination.currency),
  };
}

function feesView(feesMinor: string | undefined): number | undefined {
  if (feesMinor === undefined) return undefined;
  const fees = BigInt(feesMinor);
  assert(fees <= BigInt(Number.MAX_SAFE_INTEGER), `fees ${feesMinor} exceed the safe JSON integer range`);
  return Number(fees);
}

/** The wire form of `tx`. Pure; JSON-safe (no undefined values). */
export function transactionView(tx: Transaction): TransactionView {
  return {
    id: tx.id,
    status: tx.status,
    ...opt('pendingReason', tx.pendingReason),
    type: tx.type,
    direction: tx.direction,
    source: sourceView(tx.source),
    destination: destinationView(tx.destination),
    ...opt('ruleBasedAccountId', tx.ruleBasedAccountId),
    customerId: tx.customerId,
    platformCustomerId: tx.platformCustomerId,
    ...opt('settledAt', tx.settledAt),
    createdAt: tx.createdAt,
    updatedAt: tx.updatedAt,
    ...opt('receiptDeliveryConfirmedAt', tx.receiptDeliveryConfirmedAt),
    ...opt('agentId', tx.agentId),
    ...opt('description', tx.description),
    ...opt('sentAmount', amountView(tx.sentAmount)),
    ...opt('receivedAmount', amountView(tx.receivedAmount ?? noneReceived(tx))),
    ...opt('exchangeRate', tx.exchangeRate === undefined ? undefined : Number(tx.exchangeRate)),
    ...opt('fees', feesView(tx.feesMinor)),
    ...opt('quoteId', tx.quoteId),
    ...opt('refund', tx.refund),
    ...opt('counterpartyInformation', tx.counterpartyInformation),
    ...opt('reconciliationInstructions', tx.status === 'CREATED' ? undefined : { reference: reconciliationReference(tx.id) }),
    ...opt('failureReason', tx.status === 'FAILED' ? tx.failureReason : undefined),
    ...opt('requestedReceiverCustomerInfoFields', tx.pendingApproval?.requestedReceiverCustomerInfoFields),
  };
}
