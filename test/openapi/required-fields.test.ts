/**
 * Issue 12, "optional vs required exactly as the reference", over EVERY routed operation: a
 * top-level body field or a query parameter that the engine's generated document requires must be
 * required by the reference too (a client generated from the reference sends only what it
 * requires), except the listed ones, each with the rule that keeps it required. A listed entry that
 * no longer occurs fails too, so the list only shrinks. (Generalises money-routes.test.ts.) Nested
 * fields are compared too: inside each body field both documents describe, branch by branch (an
 * engine alternative with a one-value discriminator, such as `accountType`, is matched with the
 * reference's branches of that value).
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
  // A pull from a customer's bank account needs an amount: the reference states no default for a
  // transfer-in and the engine never invents one (docs/wire-contract.md "Choices made").
  'POST /transfer-in': ['body.amount'],
  'POST /agents/me/transfer-in': ['body.amount'],
};

/**
 * Nested fields, and top-level fields of one branch of a discriminated body (`customerType`,
 * `accountType`, ...), required by the engine, optional in the reference, and why. The path is the
 * body's, `[]` for an array's items.
 */
const NESTED_REQUIRED_BEYOND_REFERENCE: Readonly<Record<string, readonly string[]>> = {
  // The copy names the customer address as { line1, city, state, postalCode, country } and the
  // engine keeps city required for customers (docs/wire-contract.md "describe-b"). An INDIVIDUAL's
  // fullName: the copy decides kycStatus from its last 3 characters ("the suffix resolves at
  // creation" on regulated platforms), so the engine has nothing to resolve without it.
  'POST /customers': ['body.address.city', 'body.fullName'],
  'PATCH /customers/{}': ['body.address.city'],
  // The copy: "`UmaAddressDestination.currency` is required on `POST /quotes`"; the agent's
  // POST /agents/me/quotes shares the body.
  'POST /quotes': ['body.destination.currency'],
  'POST /agents/me/quotes': ['body.destination.currency'],
  // The reference's passkey assertion / credential is a free-form object (additionalProperties,
  // nothing named); the engine checks the WebAuthn assertion it holds (the copy: the sandbox
  // validates credential id, challenge, origin, signature), so it needs its id and response.
  'POST /customers/external-accounts/{}/trust/confirm': ['body.passkeyAssertion.id', 'body.passkeyAssertion.response'],
  'POST /customers/external-accounts/{}/untrust/confirm': ['body.passkeyAssertion.id', 'body.passkeyAssertion.response'],
  'POST /quotes/{}/authorize': ['body.passkeyAssertion.id', 'body.passkeyAssertion.response'],
  'POST /sca/login/complete': ['body.passkeyAssertion.id', 'body.passkeyAssertion.response'],
  'POST /sca/factors/confirm': ['body.credential.id', 'body.credential.response'],
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

/** One way a body may look: the fields it requires and its properties (each with every schema that describes it). */
type Alternative = { required: Set<string>; properties: Map<string, any[]> };

function mergeAlternatives(a: Alternative, b: Alternative): Alternative {
  const properties = new Map(a.properties);
  for (const [name, schemas] of b.properties) properties.set(name, [...(properties.get(name) ?? []), ...schemas]);
  return { required: new Set([...a.required, ...b.required]), properties };
}

/** The object shapes a schema allows: allOf parts merged, each oneOf/anyOf option its own; null and non-objects none. */
function alternativesOf(schema: any, depth = 0): Alternative[] {
  const s = resolved(schema);
  if (s === undefined || s === null || depth > 10 || s.type === 'null') return [];
  let out: Alternative[] = [{ required: new Set(s.required ?? []), properties: new Map(Object.entries(s.properties ?? {}).map(([k, v]) => [k, [v]])) }];
  for (const part of s.allOf ?? []) {
    const parts = alternativesOf(part, depth + 1);
    if (parts.length > 0) out = out.flatMap((a) => parts.map((b) => mergeAlternatives(a, b)));
  }
  const options = [...(s.oneOf ?? []), ...(s.anyOf ?? [])].flatMap((option: any) => alternativesOf(option, depth + 1));
  if (options.length > 0) out = out.flatMap((a) => options.map((b) => mergeAlternatives(a, b)));
  return out;
}

const valuesOf = (schemas: any[]): unknown[] => schemas.flatMap((x) => { const s = resolved(x); return s?.const !== undefined ? [s.const] : (s?.enum ?? []); });

/** The reference's alternatives an engine alternative answers to: those of its one-value discriminator's value, else all. */
function matching(alternative: Alternative, theirs: Alternative[]): { matched: Alternative[]; discriminated: boolean } {
  for (const [name, schemas] of alternative.properties) {
    const values = valuesOf(schemas);
    if (values.length !== 1) continue;
    const hit = theirs.filter((r) => r.properties.has(name) && valuesOf(r.properties.get(name)!).includes(values[0]));
    if (hit.length > 0) return { matched: hit, discriminated: true };
  }
  return { matched: theirs, discriminated: false };
}

/** Adds `path.name` for each field the engine requires at `path` (below the top) that the reference never does. */
function nestedBeyond(path: string, mine: any, theirs: any[], out: Set<string>, depth = 0): void {
  const engineAlternatives = alternativesOf(mine);
  const referenceAlternatives = theirs.flatMap((t) => alternativesOf(t));
  if (depth > 8 || engineAlternatives.length === 0 || referenceAlternatives.length === 0) return;
  for (const alternative of engineAlternatives) {
    const { matched, discriminated } = matching(alternative, referenceAlternatives);
    const required = new Set(matched.flatMap((r) => [...r.required]));
    for (const name of alternative.required) {
      // Without a discriminator, a field another engine alternative does without is not required.
      if (required.has(name) || (!discriminated && engineAlternatives.some((other) => !other.required.has(name)))) continue;
      // The top level without a discriminator is the test above's.
      if (depth > 0 || discriminated) out.add(`${path}.${name}`);
    }
    for (const [name, schemas] of alternative.properties) {
      const theirSchemas = matched.flatMap((r) => r.properties.get(name) ?? []);
      if (theirSchemas.length === 0) continue;
      const theirItems = theirSchemas.map((r) => resolved(r)?.items).filter((items) => items !== undefined);
      for (const schema of schemas) {
        nestedBeyond(`${path}.${name}`, schema, theirSchemas, out, depth + 1);
        if (schema.items !== undefined && theirItems.length > 0) nestedBeyond(`${path}.${name}[]`, schema.items, theirItems, out, depth + 1);
      }
    }
  }
}

function nestedRequiredBeyondReference(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, mine] of engine) {
    const theirs = bodyOf(reference.get(key));
    if (theirs === undefined || bodyOf(mine) === undefined) continue;
    const found = new Set<string>();
    nestedBeyond('body', bodyOf(mine), [theirs], found);
    if (found.size > 0) out[key] = [...found].sort();
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

  it('requires a nested body field beyond the reference only where listed, and lists only what still occurs', () => {
    const nested = nestedRequiredBeyondReference();
    const unexpected: Record<string, string[]> = {};
    for (const [key, paths] of Object.entries(nested)) {
      const extra = paths.filter((path) => !(NESTED_REQUIRED_BEYOND_REFERENCE[key] ?? []).includes(path));
      if (extra.length > 0) unexpected[key] = extra;
    }
    expect(unexpected).toEqual({});
    const stale: Record<string, string[]> = {};
    for (const [key, listed] of Object.entries(NESTED_REQUIRED_BEYOND_REFERENCE)) {
      const gone = listed.filter((path) => !(nested[key] ?? []).includes(path));
      if (gone.length > 0) stale[key] = gone;
    }
    expect(stale).toEqual({});
  });

  it('sees a nested requirement the reference lacks (a synthetic address whose city only the engine requires)', () => {
    const found = new Set<string>();
    const strictCity = { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
    nestedBeyond('body', strictCity, [{ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } }], found);
    expect([...found]).toEqual(['body.address.city']);
  });

  it.each([
    ['POST /stablecoins', ['providerTokenIdentifier', 'networkTokenIdentifier', 'network']],
    ['POST /customers/external-accounts/{}/verify', ['signature']],
    ['POST /platform/external-accounts/{}/verify', ['signature']],
    ['POST /transfer-out', ['source', 'destination']],
    ['POST /agents/me/transfer-out', ['source', 'destination']],
  ])('%s: the engine requires no more than the reference\'s %j', (key, theirs) => {
    expect([...referenceRequired(bodyOf(reference.get(key)))].sort()).toEqual([...theirs].sort());
    expect([...engineRequired(bodyOf(engine.get(key)))].filter((name) => !theirs.includes(name))).toEqual([]);
  });
});
