/**
 * The worked example of docs/cards.md is produced by running it: every leg the card flow writes,
 * in log order, and the balances after. The doc must show this block verbatim.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../src/domains/movement.js';
import { authorize, cardHarness, fundedCard, simulate, step } from '../cards/support.js';

describe('docs/cards.md worked example', () => {
  it('is what the engine writes', () => {
    const h = cardHarness();
    const { card, accountId } = fundedCard(h, 10_000);
    const from = h.log.length;
    const tx = authorize(h, card.id, 3_000);
    step(h, card.id, 'authorization_advice', tx.id, 3_500);
    step(h, card.id, 'clearing', tx.id, 1_000);
    step(h, card.id, 'clearing', tx.id, 3_000);
    const refund = step(h, card.id, 'return', tx.id, 1_200);
    expect(simulate(h, refund.id, 'return_reversal', {}).status).toBe(202);
    const ledger = h.engine.state.ledger;
    const name = (id: string) => (id === accountId ? 'account' : id);
    const lines: string[] = [];
    for (const event of h.log.slice(from)) {
      const data = event.data as { transfers?: readonly TransferRecord[]; event?: string; to?: string; transaction?: { status: string; originalTransactionId?: string }; transactionId?: string };
      if (data.transfers === undefined) continue;
      const status = data.to ?? data.transaction?.status;
      const isRefund = (data.transaction?.originalTransactionId ?? (data.transactionId === refund.id ? 'yes' : undefined)) !== undefined;
      lines.push(`${data.event} (${status}${isRefund ? ', the refund row' : ''}):`);
      for (const t of data.transfers) {
        if ('pendingId' in t) {
          const hold = ledger.transfer(t.pendingId)!;
          lines.push(`    ${t.action} ${name(hold.debitAccountId)} -> ${name(hold.creditAccountId)}  ${t.amountMinor ?? hold.amountMinor}`);
        } else {
          lines.push(`    ${t.pending === true ? 'hold ' : ''}${name(t.debitAccountId)} -> ${name(t.creditAccountId)}  ${t.amountMinor}`);
        }
      }
    }
    const account = ledger.balance(accountId)!;
    lines.push(`balances: account ${account.availableMinor} available, ${account.totalMinor} total; card-network:USD ${ledger.balance('card-network:USD')!.postedMinor}`);
    const block = ['<!-- example:card-ledger -->', '```', ...lines, '```', '<!-- /example -->'].join('\n');
    expect(readFileSync(new URL('../../docs/cards.md', import.meta.url), 'utf8')).toContain(block);
  });
});
