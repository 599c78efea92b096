/**
 * Stablecoin records as stored: provider account links, registered stablecoins and their mint and
 * burn operations. Amounts in records are decimal strings (token units or base-currency cents), so
 * records are JSON-safe as they stand in events and snapshots.
 */
import type { CurrencyCode } from '../../core/currency.js';

/** Statuses of a provider account link: usable, refused by the provider, or revoked. */
export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'INVALID', 'REVOKED'] as const;
/** One of `PROVIDER_ACCOUNT_STATUSES`. */
export type ProviderAccountStatus = (typeof PROVIDER_ACCOUNT_STATUSES)[number];

/** A link between the platform and its account at a stablecoin provider (issuer). */
export type StablecoinProviderAccount = {
  readonly id: string;
  readonly provider: string;
  readonly externalReference: string;
  readonly status: ProviderAccountStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly revokedAt?: string;
  /** The provider API client id the link was made with (not answered: the reference's response has no such field). */
  readonly apiClientId?: string;
  /** HMAC (the engine's secretDigest) of the provider API client secret; the secret itself never enters the log. */
  readonly apiClientSecretHmac?: string;
};

/** Grid-enablement statuses (spec: Stablecoin Grid-enablement status). */
export const GRID_OPERATIONS_STATUSES = ['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED'] as const;
/** One of `GRID_OPERATIONS_STATUSES`. */
export type GridOperationsStatus = (typeof GRID_OPERATIONS_STATUSES)[number];

/** A registered stablecoin. `baseCurrency` is the fiat currency one whole token is worth one unit of. */
export type Stablecoin = {
  readonly id: string;
  readonly symbol: string;
  readonly name: string;
  readonly baseCurrency: CurrencyCode;
  /** Token decimals: one whole token is 10^decimals smallest units. */
  readonly decimals: number;
  readonly networkTokenIdentifier: string;
  readonly network: string;
  /** The provider the coin is issued at (the registering link's provider). */
  readonly provider: string;
  readonly stablecoinProviderAccountId: string;
  readonly gridOperationsStatus: GridOperationsStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** Operation kinds. */
export const OPERATION_TYPES = ['MINT', 'BURN'] as const;
/** One of `OPERATION_TYPES`. */
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Operation statuses (DECISIONS.md: Stablecoins). */
export const OPERATION_STATUSES = ['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
/** One of `OPERATION_STATUSES`. */
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Statuses an operation never leaves; its hold is resolved when it reaches one. */
export const TERMINAL_OPERATION_STATUSES: readonly OperationStatus[] = ['COMPLETED', 'FAILED', 'EXPIRED'];

/** True when `status` is terminal. */
export function isTerminalOperationStatus(status: OperationStatus): boolean {
  return TERMINAL_OPERATION_STATUSES.includes(status);
}

/** How the sandbox provider treats the operations of a link (src/domains/stablecoins/sandbox.ts). */
export const SANDBOX_OUTCOMES = ['COMPLETES', 'FUNDING_NEVER_ARRIVES', 'PROVIDER_REJECTS', 'FAILS_WHILE_PROCESSING'] as const;
/** One of `SANDBOX_OUTCOMES`. */
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** A mint or burn of one stablecoin. */
export type StablecoinOperation = {
  readonly id: string;
  readonly stablecoinId: string;
  readonly type: OperationType;
  readonly status: OperationStatus;
  /** Token smallest units, decimal digits. */
  readonly amount: string;
  /** The same value in minor units of the coin's base currency, decimal digits. */
  readonly baseAmountMinor: string;
  /** Mint: the internal account paying base currency. Burn: the internal account whose tokens are burnt. */
  readonly sourceAccountId: string;
  /** Mint: the internal account credited with tokens. Burn: the internal account paid base currency. */
  readonly destinationAccountId: string;
  readonly stablecoinProviderAccountId: string;
  /** The pending transfer that holds the source's value while the operation is in flight. */
  readonly holdTransferId: string;
  readonly sandboxOutcome: SandboxOutcome;
  /** When the operation expires if its funding has not arrived by then. */
  readonly fundingExpiresAt: string;
  readonly failureReason?: string;
  /** The platform's note (the reference's optional `description`); absent in logs written before it. */
  readonly description?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly completedAt?: string;
};
