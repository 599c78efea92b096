/** The sandbox's magic merchant descriptors, row for row, as the docs list them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT_DECLINES, sandboxMerchantDecline } from '../../src/domains/card-transactions/sandbox.js';

const ROWS = [
  { suffix: '901', reason: 'BLOCKED' },
  { suffix: '902', reason: 'UNSUPPORTED_NETWORK' },
  { suffix: '903', reason: 'OTHER' },
];

describe('sandbox merchant declines', () => {
  it('has exactly the documented rows', () => {
    expect(SANDBOX_MERCHANT_DECLINES.map(({ suffix, reason }) => ({ suffix, reason }))).toEqual(ROWS);
    const doc = readFileSync(new URL('../../docs/cards.md', import.meta.url), 'utf8');
    for (const row of ROWS) expect(doc).toContain(`| \`${row.suffix}\` | ${row.reason} |`);
  });

  it.each(ROWS)('a descriptor ending in $suffix forces $reason; other endings force nothing', ({ suffix, reason }) => {
    expect(sandboxMerchantDecline(`SHOP ${suffix}`)).toBe(reason);
    expect(sandboxMerchantDecline(`SHOP ${suffix}0`)).toBeUndefined();
  });
});
