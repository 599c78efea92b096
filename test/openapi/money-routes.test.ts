/**
 * The money routes' request parts (issue 12, "describe-a"): each is described by the zod schema its
 * handler validates with, and each money list names every reference query parameter. That nothing
 * is required beyond the reference is checked for every routed operation in required-fields.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { engineOpenApi } from '../../src/api/openapi.js';
import { ROUTE_SCHEMAS } from '../../src/api/openapi-schemas.js';
import { ROUTES } from '../../src/api/routes/index.js';
import { operations, REFERENCE } from './compare.js';

const SIMULATIONS = [
  'authorization',
  'authorization_advice',
  'balance_inquiry',
  'clearing',
  'credit_authorization',
  'credit_authorization_advice',
  'financial_authorization',
  'financial_credit_authorization',
  'return',
  'return_reversal',
].map((name) => `POST /sandbox/cards/{}/simulate/${name}`);

/** The operations whose request parts this work describes, and what each has. */
const BODIES = [
  ...SIMULATIONS,
  'POST /sandbox/internal-accounts/{}/fund',
  'POST /transactions/{}/approve',
  'POST /transactions/{}/cancel',
  'POST /transactions/{}/confirm',
  'POST /transactions/{}/reject',
  'POST /quotes/{}/execute',
];
const QUERIES = ['GET /stablecoins', 'GET /customers/internal-accounts', 'GET /platform/internal-accounts', 'GET /agents/me/internal-accounts'];

const engine = operations(engineOpenApi(ROUTES, ROUTE_SCHEMAS) as any);
const reference = operations(REFERENCE);

const bodyOf = (op: any) => op?.requestBody?.content?.['application/json']?.schema;

describe('the money routes\' request parts (issue 12)', () => {
  it.each(BODIES)('%s: the body is described (a strict object)', (key) => {
    const mine = bodyOf(engine.get(key));
    expect(mine, `${key} has no described body`).toMatchObject({ type: 'object', additionalProperties: false });
    expect(reference.has(key)).toBe(true);
  });

  it.each(QUERIES)('%s: the query is described, optional throughout, and names every reference parameter', (key) => {
    const params = (engine.get(key).parameters as { in: string; name: string; required: boolean }[]).filter((p) => p.in === 'query');
    expect(params.filter((p) => p.required)).toEqual([]);
    const names = params.map((p) => p.name);
    const theirs = (reference.get(key).parameters as any[]).map((p) => (p.$ref === undefined ? p : (REFERENCE as any).components.parameters[String(p.$ref).split('/').pop()!])).filter((p) => p.in === 'query');
    for (const p of theirs) expect(names, `${key} ${p.name}`).toContain(p.name);
  });
});
