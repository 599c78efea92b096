/**
 * Issue 12, "optional vs required exactly as the reference", over EVERY routed operation: a
 * top-level body field or a query parameter that the engine's generated document requires must be
 * required by the reference too (a client generated from the reference sends only what it
 * requires), except the listed ones, each with the rule that keeps it required. A listed entry that
 * no longer occurs fails too, so the list only shrinks. (Generalises money-routes.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { engineOpenApi } from '../../src/api/openapi.js';
import { ROUTE_SCHEMAS } from '../../src/api/openapi-schemas.js';
import { ROUTES } from '../../src/api/routes/index.js';
import { operations, REFERENCE } from './compare.js';

/**
 * Required by the engine, optional in the reference, and why (docs/wire-contract.md "Choices
 * made"). `body.x` a top-level body field, `query.x` a query parameter.
 */
const REQUIRED_BEYOND_REFERENCE: Readonly<Record<string, readonly string[]>> = {
  // The spec copy: "POST /customers/external-accounts | create; `customerId` required". The
  // reference's "if not provided, created on behalf of the platform" is the copy's
  // POST /platform/external-accounts.
  'POST /customers/external-accounts': ['body.customerId'],
  // The reference's InternalAccountUpdateRequest: "At least one update field must be provided",
  // and `privateEnabled` is its one field.
  'PATCH /internal-accounts/{}': ['body.privateEnabled'],
  // DECISIONS.md (Cards): advice is { cardTransactionId, amount } re-sizing that card transaction.
  'POST /sandbox/cards/{}/simulate/credit_authorization_advice': ['body.cardTransactionId'],
};

const engine = operations(engineOpenApi(ROUTES, ROUTE_SCHEMAS) as any);
const reference = operations(REFERENCE);

function resolved(schema: any): any {
  let s = schema;
  for (let i = 0; i < 20 && s?.$ref !== undefined; i += 1) s = REFERENCE.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
}

/** Names the reference requires in any branch (allOf, oneOf, anyOf): the most it may require. */
function referenceRequired(schema: any, depth = 0): Set<string> {
  const out = new Set<string>();
  const s = resolved(schema);
  if (s === undefined || s === null || depth > 8) return out;
  for (const name of s.required ?? []) out.add(name);
  for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) for (const name of referenceRequired(part, depth + 1)) out.add(name);
  return out;
}

/** Names the engine requires of every body it accepts: its own, every allOf part's, and those all alternatives share. */
function engineRequired(schema: any, depth = 0): Set<string> {
  const out = new Set<string>();
  if (schema === undefined || schema === null || depth > 8) return out;
  for (const name of schema.required ?? []) out.add(name);
  for (const part of schema.allOf ?? []) for (const name of engineRequired(part, depth + 1)) out.add(name);
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((part: any) => engineRequired(part, depth + 1));
  for (const name of alternatives[0] ?? []) if (alternatives.every((set) => set.has(name))) out.add(name);
  return out;
}

function parameterOf(p: any): any {
  return p?.$ref === undefined ? p : (REFERENCE as any).components.parameters?.[String(p.$ref).split('/').pop()!];
}

const requiredQuery = (op: any, resolve: (p: any) => any) =>
  new Set<string>((op?.parameters ?? []).map(resolve).filter((p: any) => p?.in === 'query' && p.required === true).map((p: any) => p.name as string));

const bodyOf = (op: any) => op?.requestBody?.content?.['application/json']?.schema;

/** `body.x` / `query.x` the engine requires and the reference does not, per operation both have. */
function requiredBeyondReference(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, mine] of engine) {
    const theirs = reference.get(key);
    if (theirs === undefined) continue;
    const body = referenceRequired(bodyOf(theirs));
    const query = requiredQuery(theirs, parameterOf);
    const extra = [
      ...[...engineRequired(bodyOf(mine))].filter((name) => !body.has(name)).map((name) => `body.${name}`),
      ...[...requiredQuery(mine, (p) => p)].filter((name) => !query.has(name)).map((name) => `query.${name}`),
    ].sort();
    if (extra.length > 0) out[key] = extra;
  }
  return out;
}

describe('nothing required that the reference leaves optional, on every routed operation (issue 12)', () => {
  const found = requiredBeyondReference();

  it('compares every operation the engine and the reference share (and sees the engine\'s required fields)', () => {
    const shared = [...engine.keys()].filter((key) => reference.has(key));
    expect(shared.length).toBeGreaterThan(140);
    // The comparison reads the engine's required names: a body it requires is seen.
    expect([...engineRequired(bodyOf(engine.get('POST /quotes')))]).toEqual(expect.arrayContaining(['source', 'destination']));
  });

  it('requires a body field or query parameter beyond the reference only where listed, with its reason', () => {
    const unexpected: Record<string, string[]> = {};
    for (const [key, names] of Object.entries(found)) {
      const extra = names.filter((name) => !(REQUIRED_BEYOND_REFERENCE[key] ?? []).includes(name));
      if (extra.length > 0) unexpected[key] = extra;
    }
    expect(unexpected).toEqual({});
  });

  it('lists only what still occurs (a field made optional must leave REQUIRED_BEYOND_REFERENCE)', () => {
    const stale: Record<string, string[]> = {};
    for (const [key, listed] of Object.entries(REQUIRED_BEYOND_REFERENCE)) {
      const gone = listed.filter((name) => !(found[key] ?? []).includes(name));
      if (gone.length > 0) stale[key] = gone;
    }
    expect(stale).toEqual({});
  });

  it.each([
    ['POST /stablecoins', ['providerTokenIdentifier', 'networkTokenIdentifier', 'network']],
    ['POST /customers/external-accounts/{}/verify', ['signature']],
    ['POST /platform/external-accounts/{}/verify', ['signature']],
    ['POST /transfer-in', ['source', 'destination']],
    ['POST /transfer-out', ['source', 'destination']],
    ['POST /agents/me/transfer-in', ['source', 'destination']],
    ['POST /agents/me/transfer-out', ['source', 'destination']],
  ])('%s: the engine requires no more than the reference\'s %j', (key, theirs) => {
    expect([...referenceRequired(bodyOf(reference.get(key)))].sort()).toEqual([...theirs].sort());
    expect([...engineRequired(bodyOf(engine.get(key)))].filter((name) => !theirs.includes(name))).toEqual([]);
  });
});
