/** Shapes internal accounts for the wire, with balances read from the ledger. */
import { toCurrencyAmount, type CurrencyAmount } from '../../core/money.js';
import type { Ledger } from '../../ledger/index.js';
import { type SweepRuleView, sweepRuleView } from './sweep-rule.js';
import type { InternalAccount } from './store.js';

/** The wire form of an internal account. */
export type InternalAccountView = {
  readonly id: string;
  readonly customerId?: string;
  readonly type: string;
  readonly status: string;
  /** Available: posted less pending debits. */
  readonly balance: CurrencyAmount;
  /** Including pending and held amounts. */
  readonly totalBalance: CurrencyAmount;
  /**
   * How to fund the account from outside (the reference requires the field). The sandbox offers
   * no external funding route (money arrives through the sandbox endpoints), so it is empty.
   */
  readonly fundingPaymentInstructions: readonly never[];
  /** RULE_BASED accounts only. */
  readonly sweepRule?: SweepRuleView;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The wire form of `account`. Pure. */
export function internalAccountView(account: InternalAccount, ledger: Ledger): InternalAccountView {
  const balance = ledger.balance(account.id);
  const available = balance?.availableMinor ?? 0n;
  const total = balance?.totalMinor ?? 0n;
  const base = {
    id: account.id,
    type: account.type,
    status: account.status,
    balance: toCurrencyAmount(available, account.currency),
    totalBalance: toCurrencyAmount(total, account.currency),
    fundingPaymentInstructions: [],
    ...(account.sweepRule === undefined ? {} : { sweepRule: sweepRuleView(account.sweepRule) }),
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
  return account.customerId === undefined ? base : { ...base, customerId: account.customerId };
}
