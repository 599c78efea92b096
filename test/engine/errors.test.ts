import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, statusOf, type ErrorStatus } from '../../src/core/errors.js';

const SPEC = '../shared/spec/payments-platform-api.md';

/** The codes the spec lists under one status heading of its Errors section. */
function specCodes(text: string, heading: string): string[] {
  const start = text.indexOf(`### ${heading}`);
  const next = text.indexOf('\n### ', start + 4);
  const section = text.slice(start, next === -1 ? undefined : next);
  return [...new Set(section.match(/\b[A-Z][A-Z0-9_]{3,}\b/g) ?? [])].filter((w) => w.includes('_') || ['UNAUTHORIZED', 'CONFLICT', 'EXPIRED', 'INCOMPLETE'].includes(w));
}

describe('error catalogue', () => {
  const spec = readFileSync(new URL(`../../${SPEC}`, import.meta.url), 'utf8');

  it.each([['400'], ['401'], ['404'], ['409']])('holds every code the spec lists under %s with that status', (status) => {
    const codes = specCodes(spec, status).filter((c) => !['SVC_END_USER_TERMS'].includes(c));
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes) {
      expect(ERROR_CODES[Number(status) as ErrorStatus] as readonly string[]).toContain(code);
    }
  });

  it.each([
    ['ACCOUNT_LOCKED', 423],
    ['DAILY_VOLUME_LIMIT_EXCEEDED', 429],
    ['INTERNAL_ERROR', 500],
    ['SVC_SWITCH_ERROR', 500],
    ['LOOKUP_REQUEST_FAILED', 504],
    ['QUOTE_REQUEST_FAILED', 504],
    ['INVALID_PAYREQ_RESPONSE', 502],
    ['COUNTERPARTY_SERVER_ERROR', 502],
  ] as const)('gives %s the status %i, as the spec says', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it('never lists one code under two statuses', () => {
    const all = Object.values(ERROR_CODES).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
