/**
 * railDetails: the rail transfer that moved one side's funds, one variant per `paymentRail`
 * exactly as the spec's table (ONCHAIN has no status). Also the deterministic rail identifiers a
 * sandbox needs (trace numbers, IMADs, end-to-end ids, transaction hashes), derived from the
 * transaction id by SHA-256 so the same log always shows the same values and nothing is random.
 */
import { assert } from '../../core/assert.js';
import { sha256Hex } from '../../log/index.js';
import type { PaymentRail } from '../config/rails.js';
import { reconciliationReference } from './reference.js';

/** The PaymentRails (of `config/rails.ts`, the one list of rails) that have a railDetails variant. */
export const DETAILED_RAILS = ['ACH', 'ACH_SAME_DAY', 'WIRE', 'FEDNOW', 'RTP', 'ONCHAIN'] as const satisfies readonly PaymentRail[];
/** One of `DETAILED_RAILS`. */
export type DetailedRail = (typeof DETAILED_RAILS)[number];

/** Status values per rail (spec table); ONCHAIN reports none. */
export const RAIL_STATUSES = {
  ACH: ['PENDING', 'SETTLED', 'RETURNED', 'REVERSED', 'FAILED'],
  ACH_SAME_DAY: ['PENDING', 'SETTLED', 'RETURNED', 'REVERSED', 'FAILED'],
  WIRE: ['PENDING', 'SETTLED', 'FAILED'],
  FEDNOW: ['PENDING', 'SETTLED', 'FAILED'],
  RTP: ['PENDING', 'SETTLED', 'FAILED'],
  ONCHAIN: [],
} as const satisfies Record<DetailedRail, readonly string[]>;

/** Rails whose transfers settle in batches and can be stopped while PENDING (cancel). */
export const CANCELLABLE_RAILS: readonly DetailedRail[] = ['ACH', 'ACH_SAME_DAY', 'WIRE'];

/** Bank account sub-fields a variant may carry (the spec names these four). */
export type BankAccountDetails = {
  readonly accountHolderName?: string;
  readonly accountNumber?: string;
  readonly bankName?: string;
  readonly routingNumber?: string;
};

/** ACH and ACH_SAME_DAY. */
export type AchRailDetails = {
  readonly paymentRail: 'ACH' | 'ACH_SAME_DAY';
  readonly status: (typeof RAIL_STATUSES.ACH)[number];
  readonly traceNumber?: string;
  readonly addenda?: string;
  readonly returnedAt?: string;
  readonly reversedAt?: string;
  readonly bankAccount?: BankAccountDetails;
};
/** WIRE. */
export type WireRailDetails = {
  readonly paymentRail: 'WIRE';
  readonly status: (typeof RAIL_STATUSES.WIRE)[number];
  readonly imad?: string;
  readonly originatorToBeneficiaryInformation?: string;
  readonly bankAccount?: BankAccountDetails;
};
/** FEDNOW. */
export type FedNowRailDetails = {
  readonly paymentRail: 'FEDNOW';
  readonly status: (typeof RAIL_STATUSES.FEDNOW)[number];
  readonly endToEndId?: string;
  readonly remittanceInformation?: string;
  readonly bankAccount?: BankAccountDetails;
};
/** RTP. */
export type RtpRailDetails = {
  readonly paymentRail: 'RTP';
  readonly status: (typeof RAIL_STATUSES.RTP)[number];
  readonly endToEndId?: string;
  readonly remittanceInformation?: string;
  readonly bankAccount?: BankAccountDetails;
};
/** ONCHAIN: no status; `network` values are not shown by the spec (free text here). */
export type OnChainRailDetails = { readonly paymentRail: 'ONCHAIN'; readonly transactionHash: string; readonly network: string };

/** railDetails, discriminated by `paymentRail`. */
export type RailDetails = AchRailDetails | WireRailDetails | FedNowRailDetails | RtpRailDetails | OnChainRailDetails;

/** A rail status of any variant that has one. */
export type RailStatus = AchRailDetails['status'];

/** Which side of a transaction a rail transfer moved. */
export type RailSide = 'source' | 'destination';

/** The sandbox ODFI routing prefix of generated ACH trace numbers (8 digits). */
const SANDBOX_ODFI_PREFIX = '09100001';
/** The sandbox input source of generated IMADs (8 characters). */
const SANDBOX_IMAD_SOURCE = 'SVCSBX01';

function seedHex(transactionId: string, side: RailSide): string {
  return sha256Hex(`${transactionId}|${side}`);
}

function decimalDigits(hex: string, count: number): string {
  return (BigInt(`0x${hex}`) % 10n ** BigInt(count)).toString().padStart(count, '0');
}

/** Deterministic rail identifiers for one side of a transaction. Pure. */
export function railIdentifiers(transactionId: string, side: RailSide, at: string): {
  traceNumber: string;
  imad: string;
  endToEndId: string;
  transactionHash: string;
} {
  const hex = seedHex(transactionId, side);
  return {
    // 15 digits: the ODFI's 8-digit routing prefix, then a 7-digit sequence.
    traceNumber: `${SANDBOX_ODFI_PREFIX}${decimalDigits(hex.slice(0, 16), 7)}`,
    // YYYYMMDD, an 8-character input source, a 6-digit sequence.
    imad: `${at.slice(0, 10).replaceAll('-', '')}${SANDBOX_IMAD_SOURCE}${decimalDigits(hex.slice(16, 32), 6)}`,
    // 32 characters, within the 35 that FedNow and RTP allow.
    endToEndId: `E2E${hex.slice(0, 29).toUpperCase()}`,
    transactionHash: `0x${sha256Hex(`${transactionId}|${side}|hash`)}`,
  };
}

/** Options of `newRailDetails`. */
export type NewRailOptions = {
  /** The instant the rail transfer starts (dates an IMAD). */
  readonly at: string;
  /** ONCHAIN only: the network (required there). */
  readonly network?: string;
  /** Remittance text (ACH addenda, wire OBI, FedNow/RTP remittance); default: the reconciliation reference. */
  readonly remittanceInformation?: string;
  readonly bankAccount?: BankAccountDetails;
};

/**
 * railDetails for a rail transfer that starts now: status PENDING (ONCHAIN: none) and the rail's
 * identifiers derived from the transaction id and side. Pure.
 */
export function newRailDetails(paymentRail: DetailedRail, transactionId: string, side: RailSide, options: NewRailOptions): RailDetails {
  const ids = railIdentifiers(transactionId, side, options.at);
  const remittance = options.remittanceInformation ?? reconciliationReference(transactionId);
  const bank = options.bankAccount === undefined ? {} : { bankAccount: { ...options.bankAccount } };
  switch (paymentRail) {
    case 'ACH':
    case 'ACH_SAME_DAY':
      return { paymentRail, status: 'PENDING', traceNumber: ids.traceNumber, addenda: remittance, ...bank };
    case 'WIRE':
      return { paymentRail, status: 'PENDING', imad: ids.imad, originatorToBeneficiaryInformation: remittance, ...bank };
    case 'FEDNOW':
    case 'RTP':
      return { paymentRail, status: 'PENDING', endToEndId: ids.endToEndId, remittanceInformation: remittance, ...bank };
    case 'ONCHAIN':
      assert(options.network !== undefined && options.network.length > 0, 'ONCHAIN railDetails need a network');
      return { paymentRail, transactionHash: ids.transactionHash, network: options.network };
  }
}

/** True when `status` is one of the rail's status values. Pure. */
export function isRailStatus(paymentRail: DetailedRail, status: string): boolean {
  return (RAIL_STATUSES[paymentRail] as readonly string[]).includes(status);
}

/**
 * `details` with a new rail status; RETURNED stamps `returnedAt` and REVERSED `reversedAt`.
 * Asserts the status belongs to the rail (ONCHAIN has none). Pure.
 */
export function withRailStatus(details: RailDetails, status: RailStatus, at: string): RailDetails {
  assert(details.paymentRail !== 'ONCHAIN' && isRailStatus(details.paymentRail, status), `${details.paymentRail} has no status ${status}`);
  if (details.paymentRail === 'ACH' || details.paymentRail === 'ACH_SAME_DAY') {
    return {
      ...details,
      status,
      ...(status === 'RETURNED' ? { returnedAt: at } : {}),
      ...(status === 'REVERSED' ? { reversedAt: at } : {}),
    };
  }
  return { ...details, status: status as 'PENDING' | 'SETTLED' | 'FAILED' };
}

/** What is wrong with rail details' own shape (variant fields, a status of the rail); empty when sound. Pure. */
export function railDetailsProblems(details: RailDetails): string[] {
  const problems: string[] = [];
  if (!(DETAILED_RAILS as readonly string[]).includes(details.paymentRail)) return [`unknown paymentRail ${String(details.paymentRail)}`];
  if (details.paymentRail === 'ONCHAIN') {
    if ('status' in details) problems.push('ONCHAIN railDetails have no status');
    if (typeof details.transactionHash !== 'string' || details.transactionHash === '') problems.push('ONCHAIN railDetails need transactionHash');
    if (typeof details.network !== 'string' || details.network === '') problems.push('ONCHAIN railDetails need network');
  } else if (!isRailStatus(details.paymentRail, details.status)) {
    problems.push(`${details.paymentRail} has no status ${String(details.status)}`);
  }
  return problems;
}
