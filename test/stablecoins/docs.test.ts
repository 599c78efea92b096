/**
 * docs/stablecoins.md says what the code does: its lifecycle tables list exactly the rows of the
 * derived tables, its sandbox table the rows of the suffix table, and its worked examples are
 * the legs a real run writes, verbatim.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRID_TABLE } from '../../src/domains/stablecoins/grid-lifecycle.js';
import { OPERATION_TABLE } from '../../src/domains/stablecoins/operation-lifecycle.js';
import { SANDBOX_LINK_TABLE } from '../../src/domains/stablecoins/sandbox.js';
import type { TransferRecord } from '../../src/domains/movement.js';
import type { Harness } from '../support/harness.js';
import { advance, burn, enabledCoin, mint } from './support.js';

const DOC = readFileSync(new URL('../../docs/stablecoins.md', import.meta.url), 'utf8');

/** The legs of `events` as `debit -> credit  amount` lines, the customer's account named "customer". */
function legs(h: Harness, events: readonly { data: unknown }[], customer: string): string[] {
  const name = (id: string) => id.replaceAll(customer, 'customer');
  const out: string[] = [];
  for (const event of events) {
    for (const t of ((event.data as { transfers?: TransferRecord[] } | null)?.transfers ?? [])) {
      if ('pendingId' in t) {
        const hold = h.engine.state.ledger.transfer(t.pendingId)!;
        out.push(`    ${t.action} the hold ${name(hold.debitAccountId)} -> ${name(hold.creditAccountId)}  ${hold.amountMinor}`);
      } else out.push(`    ${name(t.debitAccountId)} -> ${name(t.creditAccountId)}  ${t.amountMinor}${t.pending === true ? '  (hold)' : ''}`);
    }
  }
  return out;
}

describe('docs/stablecoins.md', () => {
  it('lists every row of the Grid-enablement table', () => {
    for (const row of GRID_TABLE.rows) expect(DOC).toContain(`| ${row.from} | ${row.event} | ${row.to} |`);
  });

  it('lists every row of the operation lifecycle table', () => {
    for (const row of OPERATION_TABLE.rows) expect(DOC).toContain(`| ${row.from} | ${row.event} | ${row.to} |`);
  });

  it('lists every row of the sandbox suffix table', () => {
    for (const row of SANDBOX_LINK_TABLE) expect(DOC).toContain(`| \`${row.suffix}\` | ${row.status} | ${row.behaviour} |`);
  });

  it('shows the legs a mint and a burn really write', () => {
    const { h, account, coinId } = enabledCoin(10_000);
    const minted = mint(h, coinId, account, '25000000');
    const mintDone = advance(h, 60_000);
    const burnt = burn(h, coinId, account, '10000000');
    const burnDone = advance(h, 60_000);
    const example = [
      'mint 25000000 units (25.00 USD): at creation',
      ...legs(h, minted.events, account),
      'on completion (+41 s)',
      ...legs(h, mintDone, account),
      'burn 10000000 units (10.00 USD): at creation',
      ...legs(h, burnt.events, account),
      'on completion (+41 s)',
      ...legs(h, burnDone, account),
    ].join('\n');
    expect(DOC).toContain(example);
    // And a mint through a link whose provider rejects it: the hold is voided.
    const rejected = enabledCoin(10_000, 'acct_PROVIDER_REJECTS');
    const failing = mint(rejected.h, rejected.coinId, rejected.account, '25000000');
    const failed = advance(rejected.h, 60_000);
    const failure = ['rejected mint: at creation', ...legs(rejected.h, failing.events, rejected.account), 'on failure (+11 s)', ...legs(rejected.h, failed, rejected.account)].join('\n');
    expect(DOC).toContain(failure);
  });
});
