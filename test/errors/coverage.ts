/**
 * Helpers of the error-code coverage test (`code-coverage.test.ts`): reading the repository's
 * files, the unreachable table of docs/errors.md, and the rule for "a test produces this code".
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { statusOf, type ErrorCode } from '../../src/core/errors.js';

/** The repository's root directory. */
export const ROOT = new URL('../../', import.meta.url).pathname;
/** The heading (level 2) of the section of docs/errors.md that lists unreachable codes. */
export const SECTION = 'Codes no request can produce';

/** Files under `dir` (relative to the repository) whose name ends in `.ts`, recursively. */
export function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** One row of the unreachable table. */
export type UnreachableRow = { readonly code: string; readonly why: string; readonly line: number };

/** Splits a markdown table row into trimmed cells (`| a | b |` -> `['a', 'b']`; `\|` stays a pipe). */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/**
 * The table of section `## Codes no request can produce` in `markdown`: the first table after the
 * heading (up to the next `## ` heading), its columns found by header name (`code`, `why`, any
 * case, any order, other columns ignored), backticks stripped from the code.
 */
export function parseUnreachable(markdown: string): UnreachableRow[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim().replace(/^##\s+/, '') === SECTION && /^##\s/.test(line.trim()));
  if (start === -1) throw new Error(`docs/errors.md has no "## ${SECTION}" section`);
  let index = start + 1;
  while (index < lines.length && !lines[index]!.trim().startsWith('|')) {
    if (/^##?\s/.test(lines[index]!.trim())) throw new Error(`"## ${SECTION}" has no table`);
    index += 1;
  }
  const header = cells(lines[index] ?? '').map((cell) => cell.replace(/`/g, '').toLowerCase());
  const codeColumn = header.indexOf('code');
  const whyColumn = header.indexOf('why');
  if (codeColumn === -1 || whyColumn === -1) throw new Error(`the table of "## ${SECTION}" needs columns "code" and "why", has ${header.join(', ')}`);
  if (!/^\|?\s*:?-{3,}/.test(lines[index + 1]?.trim() ?? '')) throw new Error(`the table of "## ${SECTION}" has no separator row`);
  const rows: UnreachableRow[] = [];
  for (index += 2; index < lines.length && lines[index]!.trim().startsWith('|'); index += 1) {
    const row = cells(lines[index]!);
    rows.push({ code: (row[codeColumn] ?? '').replace(/`/g, '').trim(), why: row[whyColumn] ?? '', line: index + 1 });
  }
  return rows;
}

/** A regular-expression source matching `code` as a quoted literal. */
export const quoted = (code: string) => `['"\`]${code}['"\`]`;

/**
 * True when some line of `testText` expects `code` as a response's code: `code: 'X'`; the code
 * with an assertion (`expect`, `toBe`, `toEqual`, `toMatchObject`, `toStrictEqual`) on the line;
 * or the code with its own HTTP status on the line (a helper such as
 * `rejects(h, body, 400, 'X')`, a table row `['case', 409, 'X']`). A line that only names the
 * code (a comment, a title) or negates it (`.not.toBe('X')`) does not count.
 */
export function producedInTests(code: ErrorCode, testLines: readonly string[]): boolean {
  const q = quoted(code);
  const status = String(statusOf(code));
  const patterns = [
    new RegExp(`\\bcode\\s*:\\s*${q}`),
    new RegExp(`\\b(expect|toBe|toEqual|toStrictEqual|toMatchObject)\\b.*${q}|${q}.*\\b(toBe|toEqual|toStrictEqual|toMatchObject)\\b`),
    new RegExp(`(^|[^\\w.])${status}\\b.*${q}|${q}.*[^\\w.]${status}\\b`),
  ];
  // A negated assertion (`.not.toBe('X')`) says the code is not answered.
  const negated = new RegExp(`\\.not\\.\\w+\\([^)]*${q}`);
  return testLines.some((line) => !/^\s*(\*|\/\/)/.test(line) && !negated.test(line) && patterns.some((pattern) => pattern.test(line)));
}
