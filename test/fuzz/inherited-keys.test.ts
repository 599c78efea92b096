/**
 * Issue 11, reproduction 3 (inherited keys): a body key or value that names a property every
 * object inherits (`constructor`, `toString`, `__proto__`, `hasOwnProperty`, `valueOf`) used to
 * be looked up in a plain-object table, found there, and throw (`TypeError: values is not
 * iterable` from `POST /customers/external-accounts` with `{"constructor": 1}`). Every such
 * request is now a 400 INVALID_INPUT with field errors that writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString'];

/** The body as JSON text (so `__proto__` arrives as an own key, as from a real client) and as a value. */
function bodies(key: string, value: unknown): unknown[] {
  return [`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`, JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`)];
}

function expectFieldErrors(response: { status: number; body: unknown; events: readonly unknown[] }): void {
  const label = JSON.stringify(response.body);
  expect(response.status, label).toBe(400);
  const body = response.body as { code: string; details?: { errors?: { field: string; message: string }[] } };
  expect(['INVALID_INPUT', 'INVALID_REQUEST_FORMAT']).toContain(body.code);
  if (body.code === 'INVALID_INPUT') expect(body.details?.errors?.length, label).toBeGreaterThan(0);
  expect(response.events).toEqual([]);
}

describe('reproduction 3: inherited property names in a body are field errors, never a throw', () => {
  for (const path of ['/customers/external-accounts', '/platform/external-accounts']) {
    it.each(INHERITED)(`POST ${path} with {"%s": 1} answers 400 with field errors`, (key) => {
      const h = harness();
      for (const body of bodies(key, 1)) expectFieldErrors(h.call('POST', path, body));
      expect(h.log).toEqual([]);
    });

    it.each(INHERITED)(`POST ${path} with accountInfo.accountType "%s" answers 400 with field errors`, (key) => {
      const h = harness();
      const body = { customerId: 'Customer:x', currency: 'USD', accountInfo: { accountType: key, [key]: 1 }, beneficiary: { beneficiaryType: key } };
      expectFieldErrors(h.call('POST', path, body));
      expectFieldErrors(h.call('POST', path, { ...body, accountInfo: { accountType: 'USD_ACCOUNT', beneficiary: { beneficiaryType: key, [key]: key } } }));
      expect(h.log).toEqual([]);
    });
  }
});
