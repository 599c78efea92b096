/**
 * Shared steps of the statement tests: find and pin the platform's own account, get a
 * statement-owning customer account, fund at an instant, and read balance changes.
 */
import { type Harness, harness } from '../support/harness.js';

/** A balance-changes response body. */
export type BalanceChangesBody = {
  data: { id: string; transactionId: string; amount: { amount: number; currency: { code: string } }; effectiveAt: string }[];
  periodStart: string;
  periodEnd: string;
  openingBalance: { amount: number; currency: { code: string } };
  closingBalance: { amount: number; currency: { code: string } };
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
  countIsExact: boolean;
};

/** The amount the platform account is pinned with (see `platformAccount`). */
export const PIN_AMOUNT = 1;

/**
 * The platform's own USD account. A read-only first request does not keep the genesis event, and
 * the account's id depends on the instant genesis is written; so this lists the account and funds
 * it with PIN_AMOUNT at the same `h.now`, which writes genesis with the same id.
 */
export function platformAccount(h: Harness): string {
  const list = h.ok<{ data: { id: string; customerId?: string }[] }>('GET', '/platform/internal-accounts');
  const id = list.data[0]?.id;
  if (id === undefined) throw new Error('no platform account');
  fund(h, id, PIN_AMOUNT);
  return id;
}

/** Credits `accountId` by `amount` minor units at `h.now` (or at `at`, which then becomes `h.now`). */
export function fund(h: Harness, accountId: string, amount: number, at?: string): void {
  if (at !== undefined) h.now = at;
  h.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
}

/** The path of a balance-changes query, every value percent-encoded (a raw `+` would read as a space). */
export function balanceChangesPath(accountId: string, query: Record<string, string | number | undefined>): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return `/internal-accounts/${accountId}/balance-changes${parts.length === 0 ? '' : `?${parts.join('&')}`}`;
}

/** Every page of a window, following `nextCursor` until `hasMore` is false (at most 10,000 pages). */
export function allPages(h: Harness, accountId: string, startDate: string, endDate: string, limit?: number): BalanceChangesBody[] {
  const pages: BalanceChangesBody[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10_000; i += 1) {
    const page = h.ok<BalanceChangesBody>('GET', balanceChangesPath(accountId, { startDate, endDate, limit, cursor }));
    pages.push(page);
    if (!page.hasMore) return pages;
    if (page.nextCursor === undefined) throw new Error('hasMore without nextCursor');
    cursor = page.nextCursor;
  }
  throw new Error('more than 10,000 pages');
}

/**
 * A harness at `now` with a customer created through `POST /customers`, and that customer's own
 * USD account (one with statements of its own). `h.log` is the whole log from seq 1.
 */
export function withCustomerAccount(now: string): { h: Harness; accountId: string } {
  const h = harness({}, now);
  const customer = h.ok<{ id: string }>('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: 'c-1',
    fullName: 'Ada Lovelace',
  });
  const accounts = h.ok<{ data: { id: string; type: string; balance: { currency: { code: string } } }[] }>(
    'GET',
    `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`,
  );
  const own = accounts.data.find(
    (a) => a.balance.currency.code === 'USD' && a.type !== 'RULE_BASED' && a.type !== 'BULK_SETTLEMENT',
  );
  if (own === undefined) throw new Error('a new customer has no USD account of its own');
  return { h, accountId: own.id };
}
