/**
 * Error-code coverage (issue 12, "Prove it": every code that belongs to an operation the engine
 * serves is produced by at least one test; docs/errors.md lists any code left unreachable and
 * why). Every code of `ERROR_CODES` must be either
 * - produced in a test: found in a test file as the expected code of a response (see
 *   `producedInTests`), or
 * - listed in docs/errors.md, section "Codes no request can produce", in a markdown table with
 *   `code` and `why` columns, with a reason.
 * A listed code must not be produced by `src/` (a quoted literal outside the catalogue and the
 * generated wire types) and not be expected by any test, so the list cannot go stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/core/errors.js';
import { ROOT, SECTION, parseUnreachable, producedInTests, quoted, tsFiles } from './coverage.js';

const allCodes = Object.values(ERROR_CODES).flat() as ErrorCode[];
// This file and the catalogue's own test name codes without producing them.
const testFiles = tsFiles('test').filter((path) => !['test/errors/code-coverage.test.ts', 'test/engine/errors.test.ts'].includes(path));
const testLines = testFiles.flatMap((path) => readFileSync(join(ROOT, path), 'utf8').split('\n'));
// The catalogue lists every code and the generated wire types repeat the reference's enums.
const srcFiles = tsFiles('src').filter((path) => path !== 'src/core/errors.ts' && !path.endsWith('.gen.ts'));
const srcText = srcFiles.map((path) => readFileSync(join(ROOT, path), 'utf8')).join('\n');
const rows = parseUnreachable(readFileSync(join(ROOT, 'docs/errors.md'), 'utf8'));

describe('error-code coverage (issue 12)', () => {
  it('reads the unreachable table of docs/errors.md: known codes, each once, each with a reason', () => {
    expect(rows.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const row of rows) {
      expect(allCodes, `docs/errors.md:${row.line}: ${row.code} is not in ERROR_CODES`).toContain(row.code);
      expect(seen.has(row.code), `docs/errors.md:${row.line}: ${row.code} is listed twice`).toBe(false);
      seen.add(row.code);
      expect(row.why.length, `docs/errors.md:${row.line}: ${row.code} has no reason`).toBeGreaterThan(10);
    }
  });

  it('has every code produced by a test or listed as unreachable with its reason', () => {
    const listed = new Set(rows.map((row) => row.code));
    const tested = allCodes.filter((code) => producedInTests(code, testLines));
    const neither = allCodes.filter((code) => !listed.has(code) && !tested.includes(code));
    // For the report: how many codes tests produce and how many are listed.
    console.info(`error codes ${allCodes.length}: produced by tests ${tested.length}, listed ${rows.length}`);
    expect(neither, 'codes no test produces and docs/errors.md does not list').toEqual([]);
  });

  it('lists no code that src/ produces or a test expects', () => {
    const stale = rows
      .filter((row) => new RegExp(quoted(row.code)).test(srcText) || producedInTests(row.code as ErrorCode, testLines))
      .map((row) => `docs/errors.md:${row.line}: ${row.code}`);
    expect(stale, 'listed as unreachable, yet produced: delete the row').toEqual([]);
  });

  it('recognises an expected code and ignores a mere mention (the rule itself)', () => {
    expect(producedInTests('CARD_LIMIT_REACHED', ["expect(body.code).toBe('CARD_LIMIT_REACHED');"])).toBe(true);
    expect(producedInTests('CARD_LIMIT_REACHED', ["  rejects(h, body, 409, 'CARD_LIMIT_REACHED');"])).toBe(true);
    expect(producedInTests('CARD_LIMIT_REACHED', ["{ name: 'x', code: 'CARD_LIMIT_REACHED' },"])).toBe(true);
    expect(producedInTests('CARD_LIMIT_REACHED', [" * 409 'CARD_LIMIT_REACHED' when full", "it('frees a slot', () => { const c = 'CARD_LIMIT_REACHED';"])).toBe(false);
    expect(producedInTests('CARD_LIMIT_REACHED', ["expect(body.code).toBe('CARD_LIMIT_REACHED_X');"])).toBe(false);
    expect(producedInTests('CARD_LIMIT_REACHED', ["expect(body.code).not.toBe('CARD_LIMIT_REACHED');"])).toBe(false);
  });

  it('parses the table whatever the column order, with extra columns and escaped pipes', () => {
    const markdown = [`## ${SECTION}`, '', 'text', '', '| status | why | Code |', '|---|:--|---|', '| 400 | a \\| b, because | `INVALID_NONCE` |', '', '## Next', '| code | why |'].join('\n');
    expect(parseUnreachable(markdown)).toEqual([{ code: 'INVALID_NONCE', why: 'a | b, because', line: 7 }]);
    expect(() => parseUnreachable('## Other\n| code | why |')).toThrow(/no "## Codes no request can produce"/);
    expect(() => parseUnreachable(`## ${SECTION}\n| code | reason |\n|---|---|`)).toThrow(/needs columns/);
  });
});
