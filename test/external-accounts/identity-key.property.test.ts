/**
 * The duplicate rule's key (identity.ts `identityKey`): owner, type, currency and destination
 * identifier joined by `|`, each part with `|` and `\` escaped, so that no two different parts
 * make one key. Replay keys every created account, so the escape runs only when a part needs it;
 * the key is the one the former always-escaping join gave.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { destinationIdentifier, identityKey } from '../../src/domains/external-accounts/identity.js';
import type { AccountInfo } from '../../src/domains/external-accounts/types.js';

/** The former key: every part escaped through the regular expression. */
function formerKey(customerId: string | undefined, currency: string, accountInfo: AccountInfo): string {
  const parts = [customerId ?? 'platform', accountInfo.accountType, currency, destinationIdentifier(accountInfo)];
  return parts.map((part) => part.replace(/[\\|]/g, (char) => `\\${char}`)).join('|');
}

const brl = (pixKey: string): AccountInfo => ({ accountType: 'BRL_ACCOUNT', pixKey, pixKeyType: 'EMAIL', taxId: '12345678901' }) as unknown as AccountInfo;
const text = fc.string({ unit: fc.constantFrom('a', '|', '\\', '"', '1'), maxLength: 8 });

describe('identityKey', () => {
  test.prop([fc.option(text, { nil: undefined }), text])('is the former escaped join for any owner and PIX key', (customerId, pixKey) => {
    const accountInfo = brl(pixKey);
    expect(identityKey({ ...(customerId === undefined ? {} : { customerId }), currency: 'BRL', accountInfo })).toBe(formerKey(customerId, 'BRL', accountInfo));
  });

  it('keeps two PIX keys apart that a bare join would merge', () => {
    const a = identityKey({ customerId: 'Customer:1', currency: 'BRL', accountInfo: brl('x|y') });
    const b = identityKey({ customerId: 'Customer:1|x', currency: 'BRL', accountInfo: brl('y') });
    expect(a).not.toBe(b);
    expect(a).toContain('x\\|y');
  });

  it('leaves a plain USD account key unescaped', () => {
    const accountInfo = { accountType: 'USD_ACCOUNT', accountNumber: '4000006004', routingNumber: '021000021', bankAccountType: 'CHECKING' } as unknown as AccountInfo;
    expect(identityKey({ customerId: 'Customer:1', currency: 'USD', accountInfo })).toBe('Customer:1|USD_ACCOUNT|USD|021000021/4000006004');
  });
});
