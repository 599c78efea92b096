/**
 * docs/testing.md: its example is the code test/sim/example.test.ts runs (only the import
 * specifiers differ: the tests import the sources, the docs the package), and the operations
 * table names every operation kind under its resource.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/testing/index.js';

const DOC = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');

describe('docs/testing.md', () => {
  it('prints exactly the example test/sim/example.test.ts runs', () => {
    const block = DOC.split('<!-- example -->')[1]?.split('<!-- /example -->')[0] ?? '';
    const printed = block.replace(/^\s*```ts\n/, '').replace(/```\s*$/, '');
    const test = readFileSync(new URL('./example.test.ts', import.meta.url), 'utf8');
    const code = test
      .slice(test.indexOf('import fc'))
      .replace("'../../src/index.js'", "'payments-engine'")
      .replace("'../../src/testing/index.js'", "'payments-engine/testing'");
    expect(printed.trim().length).toBeGreaterThan(500);
    expect(printed).toBe(code);
  });

  it('lists every operation kind under its resource', () => {
    for (const [resource, kinds] of Object.entries(RESOURCES)) {
      const row = DOC.split('\n').find((line) => line.startsWith(`| ${resource} |`));
      expect(row, resource).toBeDefined();
      expect(row?.split('|')[2]?.trim()).toBe(kinds.map((kind) => `\`${kind}\``).join(', '));
    }
  });
});
