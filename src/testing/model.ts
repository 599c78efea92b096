/**
 * The simulator's model of a session: every id the session created (so that later operations and
 * the final reads can name them) and the balances it expects. The balance model is kept by the
 * simulator from its own requests, never read from the engine's state: sandbox funding per
 * currency, and each internal account's last balances as the API answered them, which the next
 * step's declared effect must explain.
 */

import type { ModelScaCustomer, ModelWallet } from './wallet-model.js';

/** A customer the session created, with its default USD internal account. */
export type ModelCustomer = {
  readonly id: string;
  readonly platformCustomerId: string;
  readonly accountId: string;
  /** Businesses stay KYB UNVERIFIED in the sandbox, so they hold no cards. */
  readonly business: boolean;
};

/** An external account the session created (`customerId` absent for a platform account). */
export type ModelExternalAccount = {
  readonly id: string;
  readonly customerId: string | undefined;
  readonly currency: 'USD' | 'EUR';
  /** The last three characters of its identifier: the sandbox behaviour it selects. */
  readonly suffix: string;
};

/** A card and the account it draws on. */
export type ModelCard = { readonly id: string; readonly accountId: string; status: 'ACTIVE' | 'FROZEN' | 'CLOSED' };

/** A card transaction (authorization) the session made, with the amount it asked for. */
export type ModelCardTransaction = { readonly id: string; readonly cardId: string; readonly amountMinor: number; status: string };

/** A rule-based account: deposits to it land in its holder's account and sweep to `destinationId`. */
export type ModelRuleBasedAccount = { readonly id: string; readonly customerId: string; readonly holderAccountId: string };

/** An agent, its customer, an unredeemed device code and a redeemed token when it has them. */
export type ModelAgent = {
  readonly id: string;
  readonly customerId: string;
  code: string | undefined;
  token: string | undefined;
  /** When the unredeemed code stops working, epoch ms. */
  codeExpiresAtMs: number;
};

/** A stablecoin and how far the session drove its Grid enablement. */
export type ModelStablecoin = { readonly id: string; readonly symbol: string; gridSteps: number };

/**
 * A customer made for the identity operations (kept apart from `customers`, whose KYC resolves at
 * creation): its status as last answered and, in the EEA, which contact channels it verified.
 */
export type ModelIdentityCustomer = {
  readonly id: string;
  readonly business: boolean;
  /** An EEA address: email and phone must be VERIFIED before KYC/KYB. */
  readonly eea: boolean;
  /** `kycStatus` / `kybStatus` as last answered. */
  status: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  /** When each hosted link issued and not yet completed stops working, epoch ms. */
  readonly linkExpiriesMs: number[];
  /** The last 3 characters of the full name (registration number for a business): its sandbox row. */
  suffix: string;
};

/** A live document (deleted ones leave this list and stay in `documentIds`). */
export type ModelDocument = { readonly id: string; readonly holderId: string; readonly documentType: string; readonly side: string };

/** The balances of one internal account as the API last answered them, in minor units. */
export type ObservedBalance = { readonly currency: string; readonly availableMinor: bigint; readonly totalMinor: bigint };

/** How a step may move an account's balances (both available and total). */
export type Direction = 'up' | 'down' | 'any';

/**
 * What a step may do to balances. Accounts it names move only as declared (`exact` by that many
 * minor units on both balances; a direction otherwise); every other known account must answer
 * exactly as before. `all` lets every account move (timers firing).
 */
export type BalanceEffect = {
  /** A change of both balances, or of each (`available`, `total`), in minor units. */
  readonly exact?: Readonly<Record<string, bigint | ExactChange>>;
  readonly moves?: Readonly<Record<string, Direction>>;
  readonly all?: boolean;
};

/** A change of each balance of an account, in minor units. */
export type ExactChange = { readonly availableMinor: bigint; readonly totalMinor: bigint };

/** The ids and balances a session knows; plain data, owned by one session. */
export type SessionModel = {
  readonly customers: ModelCustomer[];
  /** Internal accounts (customer and platform) whose balances the model follows. */
  readonly accountIds: string[];
  readonly platformAccountIds: string[];
  readonly ruleBasedAccounts: ModelRuleBasedAccount[];
  readonly externalAccounts: ModelExternalAccount[];
  readonly quoteIds: string[];
  readonly transactionIds: string[];
  /** Sandbox deposits (the operator may return them). */
  readonly depositIds: string[];
  /** Incoming payments made while approval was required (candidates for approve / reject). */
  readonly approvalCandidates: { readonly id: string; readonly windowEndsAtMs: number }[];
  readonly cards: ModelCard[];
  readonly cardTransactions: ModelCardTransaction[];
  readonly agents: ModelAgent[];
  /** Agent actions waiting for the platform (agent id, action id). */
  readonly pendingActions: { readonly agentId: string; readonly actionId: string }[];
  readonly actionIds: string[];
  readonly providerAccountIds: string[];
  readonly stablecoins: ModelStablecoin[];
  readonly stablecoinOperationIds: string[];
  readonly identityCustomers: ModelIdentityCustomer[];
  readonly documents: ModelDocument[];
  /** Every document ever uploaded (read at the end, deleted ones too). */
  readonly documentIds: string[];
  readonly verificationIds: string[];
  /** Beneficial owners (id, business customer id). */
  readonly beneficialOwners: { readonly id: string; readonly customerId: string }[];
  readonly bulkJobIds: string[];
  /** Identity customers deleted once decided (still read by id). */
  readonly retiredCustomerIds: string[];
  /** Embedded wallets (issue 14), and customers in an SCA region with their SCA state. */
  readonly wallets: ModelWallet[];
  readonly scaCustomers: ModelScaCustomer[];
  /** Whether incoming payments currently need the platform's approval. */
  approvalRequired: boolean;
  /** Whether fresh exchange rates were published (quotes across currencies need them). */
  ratesPublishedAtMs: number | undefined;
  /** Sandbox funding accepted so far, per currency, in minor units. */
  readonly fundedMinor: Record<string, bigint>;
  /**
   * Sandbox funding made during the current step as a prerequisite of its operation (a payout
   * funds its payer first), by account: the step's effect is judged from these amounts on.
   */
  readonly stepFundingMinor: Map<string, bigint>;
  /** Each followed account's balances as last read. */
  readonly balances: Map<string, ObservedBalance>;
  /**
   * When each followed account's balances last changed (the step's clock, ms). A statement's
   * `endDate` is exclusive, so one ending at that instant leaves out the rows of that instant.
   */
  readonly balanceChangedAtMs: Map<string, number>;
  /** A counter for unique names and identifiers. */
  serial: number;
};

/** An empty model. */
export function emptyModel(): SessionModel {
  return {
    customers: [],
    accountIds: [],
    platformAccountIds: [],
    ruleBasedAccounts: [],
    externalAccounts: [],
    quoteIds: [],
    transactionIds: [],
    depositIds: [],
    approvalCandidates: [],
    cards: [],
    cardTransactions: [],
    agents: [],
    pendingActions: [],
    actionIds: [],
    providerAccountIds: [],
    stablecoins: [],
    stablecoinOperationIds: [],
    identityCustomers: [],
    documents: [],
    documentIds: [],
    verificationIds: [],
    beneficialOwners: [],
    bulkJobIds: [],
    retiredCustomerIds: [],
    wallets: [],
    scaCustomers: [],
    approvalRequired: false,
    ratesPublishedAtMs: undefined,
    fundedMinor: {},
    stepFundingMinor: new Map(),
    balances: new Map(),
    balanceChangedAtMs: new Map(),
    serial: 0,
  };
}

/** A violation of the balance model: which account, what was expected and what was answered. */
export type BalanceMismatch = { readonly accountId: string; readonly message: string };

/**
 * Compares balances read after a step with the ones before and the step's effect; returns every
 * mismatch (empty when the answers agree with the model). `fundingMinor` is what the step funded
 * before its operation, per account; the effect is judged from the balances plus it. Also checks
 * what holds at any time: available never negative and never above total.
 * @example
 * const problems = compareBalances(before, after, { exact: { [accountId]: 500n } });
 */
export function compareBalances(
  before: ReadonlyMap<string, ObservedBalance>,
  after: ReadonlyMap<string, ObservedBalance>,
  effect: BalanceEffect,
  fundingMinor: ReadonlyMap<string, bigint> = new Map(),
): BalanceMismatch[] {
  const problems: BalanceMismatch[] = [];
  for (const [accountId, now] of after) {
    if (now.availableMinor < 0n) problems.push({ accountId, message: `available balance is negative: ${now.availableMinor}` });
    if (now.availableMinor > now.totalMinor) problems.push({ accountId, message: `available ${now.availableMinor} exceeds total ${now.totalMinor}` });
    const was = before.get(accountId) ?? { currency: now.currency, availableMinor: 0n, totalMinor: 0n };
    if (was.currency !== now.currency) problems.push({ accountId, message: `currency changed from ${was.currency} to ${now.currency}` });
    if (effect.all === true) continue;
    const exact = effect.exact?.[accountId];
    const direction = effect.moves?.[accountId];
    const funded = fundingMinor.get(accountId) ?? 0n;
    const dAvailable = now.availableMinor - was.availableMinor - funded;
    const dTotal = now.totalMinor - was.totalMinor - funded;
    if (direction === 'any') continue;
    if (direction === 'up' && (dAvailable < 0n || dTotal < 0n)) problems.push({ accountId, message: `expected no decrease, got available ${dAvailable}, total ${dTotal}` });
    else if (direction === 'down' && (dAvailable > 0n || dTotal > 0n)) problems.push({ accountId, message: `expected no increase, got available ${dAvailable}, total ${dTotal}` });
    else if (direction === undefined) {
      const want = exact ?? 0n;
      const wantAvailable = typeof want === 'bigint' ? want : want.availableMinor;
      const wantTotal = typeof want === 'bigint' ? want : want.totalMinor;
      if (dAvailable !== wantAvailable || dTotal !== wantTotal) {
        const expected = wantAvailable === wantTotal ? `${wantAvailable}` : `available ${wantAvailable}, total ${wantTotal}`;
        problems.push({ accountId, message: `expected a change of ${expected}, got available ${dAvailable}, total ${dTotal}` });
      }
    }
  }
  for (const accountId of before.keys()) {
    if (!after.has(accountId)) problems.push({ accountId, message: 'account no longer answered' });
  }
  return problems;
}
