/**
 * The money routes' request parts (issue 12, "describe-a"): each is described by the zod schema its
 * handler validates with, and none requires a body field or query parameter the reference leaves
 * optional ("required vs optional as the reference says"), except where DECISIONS.md gives the
 * body (credit_authorization_advice: docs/wire-contract.md "Choices made").
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

/** Body fields DECISIONS.md requires where the reference does not (docs/wire-contract.md). */
const REQUIRED_BY_DECISIONS: Readonly<Record<string, readonly string[]>> = {
  'POST /sandbox/cards/{}/simulate/credit_authorization_advice': ['cardTransactionId'],
};

const engine = operations(engineOpenApi(ROUTES, ROUTE_SCHEMAS) as any);
const reference = operations(REFERENCE);

function resolved(schema: any): any {
  let s = schema;
  for (let i = 0; i < 20 && s?.$ref !== undefined; i += 1) s = REFERENCE.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
}

function requiredOf(schema: any, depth = 0): Set<string> {
  const out = new Set<string>();
  const s = resolved(schema);
  if (s === undefined || depth > 8) return out;
  for (const name of s.required ?? []) out.add(name);
  for (const part of s.allOf ?? []) for (const name of requiredOf(part, depth + 1)) out.add(name);
  return out;
}

const bodyOf = (op: any) => op?.requestBody?.content?.['application/json']?.schema;

describe('the money routes\' request parts (issue 12)', () => {
  it.each(BODIES)('%s: the body is described and requires nothing the reference leaves optional', (key) => {
    const mine = bodyOf(engine.get(key));
    expect(mine, `${key} has no described body`).toMatchObject({ type: 'object', additionalProperties: false });
    const theirs = requiredOf(bodyOf(reference.get(key)));
    const extra = ((mine.required ?? []) as string[]).filter((name) => !theirs.has(name));
    expect(extra).toEqual(REQUIRED_BY_DECISIONS[key] ?? []);
  });

  it.each(QUERIES)('%s: the query is described, optional throughout, and names every reference parameter', (key) => {
    const params = (engine.get(key).parameters as { in: string; name: string; required: boolean }[]).filter((p) => p.in === 'query');
    expect(params.filter((p) => p.required)).toEqual([]);
    const names = params.map((p) => p.name);
    const theirs = (reference.get(key).parameters as any[]).map((p) => (p.$ref === undefined ? p : (REFERENCE as any).components.parameters[String(p.$ref).split('/').pop()!])).filter((p) => p.in === 'query');
    for (const p of theirs) expect(names, `${key} ${p.name}`).toContain(p.name);
  });
});
