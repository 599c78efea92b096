/**
 * Issue 11, reproduction 3 (inherited keys): a body key or value that names a property every
 * object inherits (`constructor`, `toString`, `__proto__`, `hasOwnProperty`, `valueOf`) used to
 * be looked up in a plain-object table, found there, and throw (`TypeError: values is not
 * iterable` from `POST /customers/external-accounts` with `{"constructor": 1}`). Every such
 * request is now a 400 INVALID_INPUT with field errors that writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes/index.js';
import { AUTH, harness } from '../support/harness.js';
import { seedsFor } from './seeds.js';
import { buildWorld } from './world.js';

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

/**
 * The same rule over the whole route table, deterministically: every route's seed request with
 * each inherited name planted as a key in every object of its body, as every string value of its
 * body, as a query name and value, and as every path parameter. No throw and no 5xx, whatever
 * the answer.
 */
describe('every route: inherited names as keys, values, query and path parameters', () => {
  const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

  it('no request throws or answers 5xx', () => {
    const world = buildWorld();
    const seeds = seedsFor(world);
    const failures: string[] = [];
    let sent = 0;
    for (const route of ROUTES) {
      const key = `${route.method} ${route.path}`;
      const auth = route.auth === 'agent' ? `Bearer ${world.agentToken}` : route.auth === 'none' ? undefined : AUTH;
      for (const seed of seeds[key] ?? [{}]) {
        const realPath = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(world.ids[name]?.[0] ?? 'none'));
        const variants: { path: string; body: unknown; query?: Record<string, string> }[] = [];
        for (const name of NAMES) {
          variants.push({ path: route.path.replace(/\{\w+\}/g, name), body: seed.body });
          variants.push({ path: realPath, body: seed.body, query: { ...seed.query, [name]: '1' } });
          for (const field of Object.keys(seed.query ?? {})) variants.push({ path: realPath, body: seed.body, query: { ...seed.query, [field]: name } });
          for (const body of plantings(seed.body ?? {}, name)) variants.push({ path: realPath, body });
        }
        for (const variant of variants) {
          const query = variant.query === undefined ? '' : `?${new URLSearchParams(variant.query).toString()}`;
          const headers: Record<string, string> = auth === undefined ? {} : { authorization: auth };
          sent += 1;
          try {
            // As JSON text: `__proto__` then arrives as an own key, as from a real client.
            const body = variant.body === undefined ? undefined : JSON.stringify(variant.body);
            const { response } = world.h.engine.handle({ method: route.method, path: variant.path + query, headers, ...(body === undefined ? {} : { body }) }, { now: world.h.now });
            if (response.status >= 500) failures.push(`${key} ${variant.path}${query} ${body ?? ''} answered ${response.status}`);
          } catch (error) {
            failures.push(`${key} ${variant.path}${query} ${JSON.stringify(variant.body)} threw ${String(error)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(ROUTES.length * NAMES.length);
  });
});

/** Copies of `body` with `name` added as a key to one object, or set as one string value, each. */
function plantings(body: unknown, name: string): unknown[] {
  const out: unknown[] = [];
  const visit = (value: unknown, rebuild: (next: unknown) => unknown): void => {
    if (typeof value === 'string') out.push(rebuild(name));
    else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, (next) => rebuild(value.map((x, j) => (j === i ? next : x))));
      });
    }
    else if (typeof value === 'object' && value !== null) {
      out.push(rebuild(JSON.parse(`{${JSON.stringify(name)}: 1, ${JSON.stringify(value).slice(1)}`.replace(/, }$/, '}'))));
      for (const [key, item] of Object.entries(value)) visit(item, (next) => rebuild({ ...value, [key]: next }));
    }
  };
  visit(body, (next) => next);
  return out;
}
