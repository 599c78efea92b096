/**
 * docs/transactions.md shows the lifecycles as tables; each must be exactly the rows derived from
 * its machine, in the same order, so the doc cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INCOMING_TABLE, OUTGOING_TABLE, REFUND_TABLE } from '../../src/domains/transactions/index.js';

const DOC = readFileSync(new URL('../../docs/transactions.md', import.meta.url), 'utf8');

/** The rows of the `| From | Event | To |` table between `<!-- table:name -->` and `<!-- /table -->`. */
function docRows(name: string): { from: string; event: string; to: string }[] {
  const start = DOC.indexOf(`<!-- table:${name} -->`);
  const end = DOC.indexOf('<!-- /table -->', start);
  expect(start, `table ${name} in the doc`).toBeGreaterThanOrEqual(0);
  return DOC.slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| From'))
    .map((line) => {
      const [from = '', event = '', to = ''] = line.split('|').slice(1, 4).map((cell) => cell.trim());
      return { from, event, to };
    });
}

describe('docs/transactions.md lifecycle tables', () => {
  it.each([
    ['outgoing', OUTGOING_TABLE],
    ['incoming', INCOMING_TABLE],
    ['refund', REFUND_TABLE],
  ] as const)('the %s table equals the machine-derived rows', (name, table) => {
    expect(docRows(name)).toEqual(table.rows);
  });
});
