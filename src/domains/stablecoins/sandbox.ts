/**
 * The sandbox's stablecoin provider, as data: the magic suffixes of a provider account link's
 * `externalReference` (which status the link gets and how the provider treats the operations made
 * through it), and the delays of the simulated provider steps. Read by the link decider and the
 * operation timers; `test/stablecoins/sandbox-table.test.ts` has one case per row.
 */
import type { ProviderAccountStatus, SandboxOutcome } from './types.js';

/** One row of the suffix table. */
export type SandboxLinkRow = {
  readonly suffix: string;
  readonly status: ProviderAccountStatus;
  readonly outcome: SandboxOutcome;
  readonly behaviour: string;
};

/** The suffix table; a reference that ends in none of these is an ACTIVE link whose operations complete. */
export const SANDBOX_LINK_TABLE: readonly SandboxLinkRow[] = [
  { suffix: '_INVALID', status: 'INVALID', outcome: 'COMPLETES', behaviour: 'the provider refuses the link: 400 STABLECOIN_PROVIDER_ACCOUNT_INVALID when used' },
  { suffix: '_REVOKED', status: 'REVOKED', outcome: 'COMPLETES', behaviour: 'revoked at the provider: 400 STABLECOIN_PROVIDER_ACCOUNT_REVOKED when used' },
  { suffix: '_NO_FUNDING', status: 'ACTIVE', outcome: 'FUNDING_NEVER_ARRIVES', behaviour: 'funding never arrives: EXPIRED when the funding window closes, hold voided' },
  { suffix: '_PROVIDER_REJECTS', status: 'ACTIVE', outcome: 'PROVIDER_REJECTS', behaviour: 'the provider rejects the order: PENDING_PROVIDER -> FAILED, hold voided' },
  { suffix: '_PROVIDER_FAILS', status: 'ACTIVE', outcome: 'FAILS_WHILE_PROCESSING', behaviour: 'the provider fails while processing: PROCESSING -> FAILED, hold voided' },
];

/** The row for references without a magic suffix. */
export const SANDBOX_LINK_DEFAULT: SandboxLinkRow = {
  suffix: '',
  status: 'ACTIVE',
  outcome: 'COMPLETES',
  behaviour: 'operations complete',
};

/** The row that applies to `externalReference` (case-sensitive suffix match). Pure. */
export function sandboxLinkRow(externalReference: string): SandboxLinkRow {
  return SANDBOX_LINK_TABLE.find((row) => externalReference.endsWith(row.suffix)) ?? SANDBOX_LINK_DEFAULT;
}

/** CREATED -> PENDING_FUNDING: the order reaches the provider. */
export const SUBMIT_DELAY_MS = 1_000;
/** PENDING_FUNDING -> PENDING_PROVIDER: the funds (mint) or tokens (burn) arrive. */
export const FUNDING_DELAY_MS = 5_000;
/** PENDING_PROVIDER -> PROCESSING (or FAILED when the provider rejects). */
export const PROVIDER_ACCEPT_DELAY_MS = 5_000;
/** PROCESSING -> COMPLETED (or FAILED when the provider fails). */
export const SETTLE_DELAY_MS = 30_000;
/** An operation still waiting for its funding this long after creation EXPIRES. */
export const FUNDING_WINDOW_MS = 30 * 60_000;
