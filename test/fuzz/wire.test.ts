/**
 * The wire fuzzer (issue 11): random and mutated requests over every route of the route table,
 * against an engine that already holds customers, accounts, quotes, transactions, a card, a
 * stablecoin and agents, so that mutated requests reach the deciders and not only the validators.
 *
 * Each run restores that world from one snapshot, sends one to five requests built from a valid
 * request of a route (test/fuzz/seeds.ts) and changed in its method, path parameters, query,
 * headers (Basic and Bearer credentials, Idempotency-Key, the signed-retry Svc-Wallet-Signature and
 * Request-Id) and body (hostile values anywhere,
 * reserved and inherited keys, wrong types, arrays for objects, int64 edges, NaN-ish strings),
 * and asserts for every request:
 * - `handle` does not throw and answers no 5xx;
 * - an error answers the body `{ code, reason, details? }`, its code in ERROR_CODES, its status
 *   the one `statusOf(code)` gives;
 * - a 4xx writes no event and changes nothing: the head, a digest of `engine.snapshot()` and a
 *   fixed set of GET answers are the same before and after; but for the documented recorded
 *   refusals (`recordedRefusal`: a wrong quote SCA code, a failed SCA login), one event each;
 * and after the run that the events written replay (through JSON, as stored) to the same state.
 *
 * The route table is enumerated, so a new route is fuzzed from the day it is added (from an empty
 * body until it gets a seed). Runs: see NUM_RUNS. A failure prints the seed and path;
 * `FC_SEED=<seed> FC_PATH=<path>` replays exactly that case; FUZZ_STATS=1 prints how often each
 * route answered each status and code.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/api/auth.js';
import type { HttpRequest } from '../../src/api/http.js';
import { ROUTES } from '../../src/api/routes/index.js';
import { isErrorCode, statusOf } from '../../src/core/errors.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import type { EngineSnapshot } from '../../src/engine/snapshot.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { recordedRefusal } from '../../src/testing/simulate.js';
import { AUTH } from '../support/harness.js';
import { type BodyMutation, bodyMutation, cloneJson, described, type HostileFamilies, huge, ODD_STRINGS, preview, RESERVED_KEYS, UNKNOWN_IDS } from './hostile.js';
import { type Seed, seedsFor } from './seeds.js';
import { buildWorld, type World } from './world.js';

/**
 * Runs: 1,000 by default (about 12 s on one core); 20 × FC_NUM_RUNS when that is set (`npm run test:slow`:
 * 40,000); FUZZ_RUNS sets the number exactly.
 */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.FC_NUM_RUNS === undefined ? 1_000 : Number(process.env.FC_NUM_RUNS) * 20));

/**
 * Hostile families that the edge limits of issue 11 (src/api/limits.ts, src/api/request.ts, the
 * engine's measured drafts; commit f59864e) made safe: they were held back until those fixes
 * landed and are all on now. `FUZZ_FAMILIES=hugeStrings,deepNesting` draws only the families
 * named (`FUZZ_FAMILIES=none` none of them), to hunt in one corner.
 */
const ALL_FAMILIES: FuzzFamilies = {
  hugeStrings: true,
  deepNesting: true,
  nonJsonBodyValues: true,
  nonStringQueryValues: true,
  nonStringHeaders: true,
  hugeIdempotencyKeys: true,
};

type FuzzFamilies = HostileFamilies & {
  /** `query: { limit: 5 }` and other values a server adapter should not pass (issue 11, reproduction 5). */
  readonly nonStringQueryValues: boolean;
  /** Header values that are numbers, arrays or objects. */
  readonly nonStringHeaders: boolean;
  /** Idempotency-Keys of 10^4 and 10^6 characters (issue 11, reproduction 1). */
  readonly hugeIdempotencyKeys: boolean;
};

const FAMILIES: FuzzFamilies = familiesFromEnv(process.env.FUZZ_FAMILIES);

function familiesFromEnv(names: string | undefined): FuzzFamilies {
  if (names === undefined) return ALL_FAMILIES;
  const on = new Set(names.split(',').filter((name) => name !== '' && name !== 'none'));
  const unknown = [...on].filter((name) => !Object.hasOwn(ALL_FAMILIES, name));
  if (unknown.length > 0) throw new Error(`unknown FUZZ_FAMILIES ${unknown.join(', ')}; known: ${Object.keys(ALL_FAMILIES).join(', ')}`);
  return Object.fromEntries(Object.keys(ALL_FAMILIES).map((name) => [name, on.has(name)])) as FuzzFamilies;
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const QUERY_NAMES = [
  'limit', 'cursor', 'customerId', 'currency', 'status', 'type', 'startDate', 'endDate', 'agentId', 'platformCustomerId',
  'customerType', 'kycStatus', 'direction', 'sendingCurrency', 'receivingCurrency',
] as const;
const CLOCK_STEPS_MS = [0, 0, 1_000, 60_000, 3_600_000, 86_400_000, 31 * 86_400_000, 400 * 86_400_000] as const;

/** How one path parameter is filled. */
type ParamChoice =
  | { readonly kind: 'world'; readonly pick: number; readonly sameKind: boolean; readonly fresh: boolean }
  | { readonly kind: 'text'; readonly text: string; readonly raw: boolean };

type AuthChoice = { readonly kind: string; readonly value?: unknown };
type WalletHeaderChoice = { readonly kind: 'keep' } | { readonly kind: 'drop'; readonly header: string } | { readonly kind: 'set'; readonly header: string; readonly value: unknown };
type QueryMutation = { readonly label: string; readonly apply: (query: [string, unknown][]) => [string, unknown][] };

/** One request, as generated: every choice is data, so a counterexample prints and shrinks. */
type Step = {
  readonly route: number;
  readonly seed: number;
  readonly method: 'route' | string;
  readonly params: readonly ParamChoice[];
  readonly pathSuffix: '' | '/' | '//' | '/extra' | 'upper';
  readonly body: { readonly mode: 'seed' | 'absent' | 'replace'; readonly value?: unknown; readonly mutations: readonly BodyMutation[]; readonly form: 'value' | 'text' | 'broken-text' };
  readonly query: { readonly mutations: readonly QueryMutation[]; readonly form: 'path' | 'object' };
  readonly auth: AuthChoice;
  readonly idempotencyKey: unknown;
  /** The signed-retry headers of the seed kept, one dropped, or one set to a hostile value. */
  readonly walletHeader: WalletHeaderChoice;
  readonly clockStep: number;
  /** Fire the timers due (`engine.advance`) before the request, after the clock moved. */
  readonly advance: boolean;
  /** A Content-Type; with multipart the body goes as a form (its fields, and a file part). */
  readonly contentType: { readonly kind: 'none' | 'json' | 'text' | 'multipart'; readonly variant: number };
};

let world: World;
let seeds: Readonly<Record<string, readonly Seed[]>>;
let snapshotText: string;
let cursors: string[];

beforeAll(() => {
  world = buildWorld();
  seeds = seedsFor(world);
  snapshotText = JSON.stringify(world.h.engine.snapshot());
  cursors = craftedCursors(world);
});

/** Real cursors of list routes, and the same cursors with hostile positions. */
function craftedCursors(w: World): string[] {
  const out: string[] = [];
  for (const path of ['/customers?limit=1', '/transactions?limit=1', '/cards?limit=1', '/agents?limit=1', '/platform/internal-accounts?limit=1']) {
    const next = (w.h.call('GET', path).body as { nextCursor?: string }).nextCursor;
    if (next === undefined) continue;
    out.push(next);
    const decoded = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as { k: unknown; p: unknown };
    for (const p of [-1, 0.5, 1e6, 2 ** 53, 2 ** 64, '1', null, [], { valueOf: 1 }]) {
      out.push(Buffer.from(JSON.stringify({ ...decoded, p })).toString('base64url'));
    }
    out.push(Buffer.from(JSON.stringify({ p: decoded.p })).toString('base64url'));
  }
  out.push('', '!!!', Buffer.from('__proto__').toString('base64url'), Buffer.from('{"__proto__":{"k":"x"},"p":1}').toString('base64url'), Buffer.from('[1,2]').toString('base64url'));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generators

const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('world' as const), pick: fc.nat(8), sameKind: fc.boolean(), fresh: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      text: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...UNKNOWN_IDS) },
        { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
        { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
        ...(FAMILIES.hugeStrings ? [{ weight: 1, arbitrary: fc.constantFrom(10_000, 100_000).map((n) => huge(n, 'x')) }] : []),
      ),
      raw: fc.boolean(),
    }),
  },
);

const queryMutation: fc.Arbitrary<QueryMutation> = fc.oneof(
  fc.nat().map((i): QueryMutation => described({ label: `drop query #${i}`, apply: (q) => q.filter((_, j) => j !== i % Math.max(q.length, 1)) })),
  fc.tuple(fc.constantFrom<string>(...QUERY_NAMES, ...RESERVED_KEYS), queryValue()).map(([name, value]): QueryMutation => described({
    label: `set ${name}=${preview(value)}`,
    apply: (q) => [...q.filter(([key]) => key !== name), [name, value]],
  })),
  fc.tuple(fc.constantFrom<string>(...QUERY_NAMES, ...RESERVED_KEYS, ''), queryValue()).map(([name, value]): QueryMutation => described({
    label: `repeat ${name}=${preview(value)}`,
    apply: (q) => [...q, [name, value]],
  })),
  fc.nat().map((i): QueryMutation => described({
    label: `crafted cursor #${i}`,
    apply: (q) => [...q.filter(([key]) => key !== 'cursor'), ['cursor', cursors[i % cursors.length] ?? '']],
  })),
);

function queryValue(): fc.Arbitrary<unknown> {
  const strings = fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.constantFrom(...UNKNOWN_IDS), fc.string({ maxLength: 10 }), fc.constantFrom('1', '2', '100', '101', '200', '201'));
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 10, arbitrary: strings }];
  if (FAMILIES.hugeStrings) options.push({ weight: 1, arbitrary: fc.constant(huge(100_000)) });
  if (FAMILIES.nonStringQueryValues) options.push({ weight: 1, arbitrary: fc.constantFrom<unknown>(5, 0, -1, null, true, {}, { a: 1 }, [1], [], Number.NaN) });
  return fc.oneof(...options);
}

const authChoice: fc.Arbitrary<AuthChoice> = fc.oneof(
  { weight: 40, arbitrary: fc.constant({ kind: 'valid' }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<AuthChoice>(
      { kind: 'missing' },
      { kind: 'header', value: '' },
      { kind: 'header', value: 'Basic' },
      { kind: 'header', value: 'Basic ' },
      { kind: 'header', value: 'Bearer' },
      { kind: 'header', value: 'Bearer ' },
      { kind: 'header', value: 'Basic !!!!' },
      { kind: 'header', value: 'Basic ===' },
      { kind: 'header', value: `Basic ${b64('sandbox-token-id')}` },
      { kind: 'header', value: `Basic ${b64(':')}` },
      { kind: 'header', value: `Basic ${b64(':sandbox-client-secret')}` },
      { kind: 'header', value: `Basic ${b64('sandbox-token-id:wrong')}` },
      { kind: 'header', value: `Basic ${b64('sandbox-token-id:sandbox-client-secret ')}` },
      { kind: 'header', value: `Basic ${b64('sandbox-token-id:sandbox-client-secret').replace(/=+$/, '')}` },
      { kind: 'header', value: `Basic ${b64('sandbox-token-id:sandbox-client-secret')}==` },
      { kind: 'header', value: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x80]).toString('base64')}` },
      { kind: 'header', value: `basic ${b64('sandbox-token-id:sandbox-client-secret')}` },
      { kind: 'header', value: `Basic  ${b64('sandbox-token-id:sandbox-client-secret')}` },
      { kind: 'header', value: `Digest ${b64('sandbox-token-id:sandbox-client-secret')}` },
      { kind: 'bearer-agent' },
      { kind: 'bearer-mutated', value: 'flip' },
      { kind: 'bearer-mutated', value: 'upper' },
      { kind: 'bearer-mutated', value: 'prefix' },
      { kind: 'bearer-mutated', value: 'truncate' },
      { kind: 'header', value: 'Bearer constructor' },
      { kind: 'header', value: 'Bearer __proto__' },
      { kind: 'header', value: 'Bearer toString' },
      { kind: 'header', value: `Bearer ${b64('sandbox-token-id:sandbox-client-secret')}` },
      { kind: 'header', value: 'Bearer \u0000' },
      { kind: 'basic-on-agent' },
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 24 }).map((value): AuthChoice => ({ kind: 'header', value })) },
  ...(FAMILIES.hugeStrings ? [{ weight: 1, arbitrary: fc.constant<AuthChoice>({ kind: 'header', value: `Basic ${huge(100_000, 'QUFB')}` }) }] : []),
  ...(FAMILIES.nonStringHeaders
    ? [{ weight: 1, arbitrary: fc.constantFrom<unknown>(5, null, [AUTH], { toString: AUTH }, true).map((value): AuthChoice => ({ kind: 'header', value })) }]
    : []),
);

const idempotencyKey: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 30, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom<unknown>('fuzz-key-1', 'fuzz-key-2', 'fuzz-coin', 'fuzz-mint', '', ' ', '__proto__', 'constructor', '\u0000', '💸') },
  ...(FAMILIES.hugeIdempotencyKeys ? [{ weight: 1, arbitrary: fc.constantFrom<unknown>(huge(10_000), huge(1_000_000)) }] : []),
  ...(FAMILIES.nonStringHeaders ? [{ weight: 1, arbitrary: fc.constantFrom<unknown>(1, [], {}) }] : []),
);

/** Signed-retry headers (issue 14): kept as the seed has them, dropped, or set to a hostile value. */
const WALLET_HEADERS = ['Svc-Wallet-Signature', 'Request-Id', 'svc-wallet-signature'] as const;
const stampOf = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const walletHeader: fc.Arbitrary<WalletHeaderChoice> = fc.oneof(
  { weight: 24, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), header: fc.constantFrom(...WALLET_HEADERS) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      header: fc.constantFrom(...WALLET_HEADERS),
      value: fc.oneof(
        fc.constantFrom<unknown>(...ODD_STRINGS, ...UNKNOWN_IDS, 'sandbox-valid-signature', 'Request:00000000-0000-0000-0000-000000000000'),
        fc.constantFrom<unknown>(
          stampOf({ publicKey: `02${'ff'.repeat(32)}`, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: '3006020101020101' }),
          stampOf({ publicKey: '__proto__', scheme: { toString: 1 }, signature: null }),
          stampOf([1, 2, 3]),
          stampOf({ publicKey: `04${'11'.repeat(64)}`, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: `30${'00'.repeat(70)}` }),
        ),
        fc.jsonValue({ maxDepth: 2 }).map((value) => stampOf(value)),
        ...(FAMILIES.hugeStrings ? [fc.constant<unknown>(huge(100_000))] : []),
        ...(FAMILIES.nonStringHeaders ? [fc.constantFrom<unknown>(1, [], {}, ['a', 'b'])] : []),
      ),
    }),
  },
);

const step: fc.Arbitrary<Step> = fc.record({
  route: fc.nat(ROUTES.length - 1),
  seed: fc.nat(7),
  method: fc.oneof({ weight: 20, arbitrary: fc.constant('route') }, { weight: 1, arbitrary: fc.constantFrom<string>(...METHODS, 'get', 'OPTIONS', 'HEAD', '', 'CONNECT', 'constructor') }),
  params: fc.array(paramChoice, { minLength: 2, maxLength: 2 }),
  pathSuffix: fc.oneof({ weight: 20, arbitrary: fc.constant('' as const) }, { weight: 1, arbitrary: fc.constantFrom('/' as const, '//' as const, '/extra' as const, 'upper' as const) }),
  body: fc.record({
    mode: fc.oneof({ weight: 8, arbitrary: fc.constant('seed' as const) }, { weight: 1, arbitrary: fc.constant('absent' as const) }, { weight: 2, arbitrary: fc.constant('replace' as const) }),
    value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom<unknown>([], [{}], 'text', 0, null, true)),
    mutations: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 7, arbitrary: fc.array(bodyMutation(FAMILIES), { minLength: 1, maxLength: 3 }) }),
    form: fc.oneof({ weight: 12, arbitrary: fc.constant('value' as const) }, { weight: 6, arbitrary: fc.constant('text' as const) }, { weight: 1, arbitrary: fc.constant('broken-text' as const) }),
  }),
  query: fc.record({ mutations: fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(queryMutation, { minLength: 1, maxLength: 3 }) }), form: fc.constantFrom('path' as const, 'object' as const) }),
  auth: authChoice,
  idempotencyKey,
  walletHeader,
  clockStep: fc.nat(CLOCK_STEPS_MS.length - 1),
  advance: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  contentType: fc.record({
    kind: fc.oneof(
      { weight: 20, arbitrary: fc.constant('none' as const) },
      { weight: 2, arbitrary: fc.constantFrom('json' as const, 'text' as const) },
      { weight: 3, arbitrary: fc.constant('multipart' as const) },
    ),
    variant: fc.nat(),
  }),
});

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

// ---------------------------------------------------------------------------------------------
// Building a request from a step

function routeKey(index: number): string {
  const route = ROUTES[index % ROUTES.length]!;
  return `${route.method} ${route.path}`;
}

/**
 * Builds the request of a step. A path parameter is a world id of its kind or of another kind,
 * or (`fresh`) an id that an earlier answer of the same run carried, so that a run can create a
 * resource and then act on it.
 */
function buildRequest(s: Step, freshIds: readonly string[]): HttpRequest {
  const route = ROUTES[s.route % ROUTES.length]!;
  const choices = seeds[routeKey(s.route)] ?? [{}];
  const seed = choices[s.seed % choices.length] ?? {};
  const kinds = Object.keys(world.ids);
  let paramIndex = 0;
  let path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const choice = s.params[paramIndex++ % s.params.length]!;
    if (choice.kind === 'text') return choice.raw ? choice.text : encodeSegment(choice.text);
    if (choice.fresh && freshIds.length > 0) return encodeURIComponent(freshIds[choice.pick % freshIds.length]!);
    // Half the same-kind choices take the id the seed's body goes with (`{id}` names several kinds).
    const own = seed.params?.[name];
    if (choice.sameKind && own !== undefined && choice.pick % 2 === 0) return encodeURIComponent(own);
    const kind = choice.sameKind ? name : (kinds[choice.pick % kinds.length] ?? name);
    const ids = world.ids[kind] ?? [];
    return encodeURIComponent(ids[choice.pick % Math.max(ids.length, 1)] ?? 'none');
  });
  if (s.pathSuffix === 'upper') path = path.toUpperCase();
  else path += s.pathSuffix;

  let query: [string, unknown][] = Object.entries(seed.query ?? {});
  for (const mutation of s.query.mutations) query = mutation.apply(query);
  const request: { method: string; path: string; headers: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } = {
    method: s.method === 'route' ? route.method : s.method,
    path,
    headers: { ...seed.headers },
  };
  if (s.query.form === 'path' || query.some(([, value]) => typeof value !== 'string')) {
    const strings = query.filter(([, value]) => typeof value === 'string') as [string, string][];
    if (strings.length > 0) request.path += `?${new URLSearchParams(strings).toString()}`;
  }
  const objectQuery = s.query.form === 'object' ? query : query.filter(([, value]) => typeof value !== 'string');
  if (objectQuery.length > 0) {
    const grouped: Record<string, unknown> = {};
    for (const [key, value] of objectQuery) {
      const before = Object.hasOwn(grouped, key) ? grouped[key] : undefined;
      Object.defineProperty(grouped, key, { value: before === undefined ? value : [before, value].flat(), enumerable: true, writable: true, configurable: true });
    }
    request.query = grouped;
  }

  // An upload route's seed goes as a form unless the step chose another Content-Type.
  const contentType = seed.multipart === true && s.contentType.kind === 'none' ? 'multipart' : s.contentType.kind;
  if (contentType === 'json') request.headers['Content-Type'] = 'application/json; charset=utf-8';
  if (contentType === 'text') request.headers['content-type'] = 'text/plain';
  const auth = authHeader(s.auth, route.auth);
  if (auth !== undefined) request.headers.authorization = auth;
  if (s.idempotencyKey !== undefined) request.headers['Idempotency-Key'] = s.idempotencyKey;
  if (s.walletHeader.kind === 'drop') for (const name of Object.keys(request.headers)) if (name.toLowerCase() === s.walletHeader.header.toLowerCase()) delete request.headers[name];
  if (s.walletHeader.kind === 'set') request.headers[s.walletHeader.header] = s.walletHeader.value;

  // A route without a body is mutated from `{}` (most bodyless actions accept it).
  let body: unknown = s.body.mode === 'seed' ? cloneJson(seed.body ?? (s.body.mutations.length > 0 ? {} : undefined)) : s.body.mode === 'replace' ? cloneJson(s.body.value) : undefined;
  if (s.body.mode !== 'absent') for (const mutation of s.body.mutations) body = mutation.apply(body);
  if (contentType === 'multipart') {
    const form = multipartOf(body, s.contentType.variant);
    request.headers['Content-Type'] = form.contentType;
    request.body = form.body;
  } else if (body !== undefined) {
    if (s.body.form === 'value') request.body = body;
    else {
      let text: string | undefined;
      try {
        text = JSON.stringify(body);
      } catch {
        text = undefined;
      }
      if (text === undefined) request.body = body;
      else request.body = s.body.form === 'text' ? text : `${text.slice(0, Math.max(1, Math.floor(text.length / 2)))}\u0000`;
    }
  }
  return request as HttpRequest;
}

const FILES: readonly (string | Uint8Array)[] = [
  'platformCustomerId,customerType,fullName\r\nfuzz-csv-1,INDIVIDUAL,Ada Lovelace\r\nfuzz-csv-2,BUSINESS,\r\n',
  'platformCustomerId,customerType,__proto__\nx,INDIVIDUAL,1\n',
  '"unclosed,quote\n',
  '%PDF-1.4\n%\u00e2\u00e3\n',
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  new Uint8Array([0xff, 0xfe, 0xfd]),
  '',
];

/**
 * A multipart/form-data body from a body value: each top-level field a text part, then a `file`
 * part; `variant` picks the file, a broken frame (no closing boundary, no boundary in the
 * Content-Type, a wrong boundary), bytes or text, and repeated parts.
 */
function multipartOf(body: unknown, variant: number): { contentType: string; body: string | Uint8Array } {
  const boundary = 'fuzz-boundary';
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.entries(body) : [['body', body]];
  const file = FILES[variant % FILES.length]!;
  const fileText = typeof file === 'string' ? file : new TextDecoder().decode(file);
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${String(name)}"\r\n\r\n${typeof value === 'string' ? value : preview(value)}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.csv"\r\nContent-Type: text/csv\r\n\r\n${fileText}\r\n`);
  if (Math.floor(variant / 7) % 5 === 1) parts.push(...parts);
  const frame = Math.floor(variant / 35) % 6;
  const text = parts.join('') + (frame === 1 ? '' : `--${boundary}--\r\n`);
  const contentType = frame === 2 ? 'multipart/form-data' : frame === 3 ? 'multipart/form-data; boundary=other' : frame === 4 ? 'multipart/form-data; boundary=' : `multipart/form-data; boundary=${boundary}`;
  return { contentType, body: frame === 5 ? text : new TextEncoder().encode(text) };
}

/** Percent-encodes a path segment; text that cannot be encoded (a lone surrogate) goes raw. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

function authHeader(choice: AuthChoice, needed: string): unknown {
  const agent = `Bearer ${world.agentToken}`;
  switch (choice.kind) {
    case 'valid':
      return needed === 'agent' ? agent : needed === 'none' ? undefined : AUTH;
    case 'missing':
      return undefined;
    case 'bearer-agent':
      return agent;
    case 'basic-on-agent':
      return basicAuthorization(SANDBOX_CREDENTIAL);
    case 'bearer-mutated': {
      const token = world.agentToken;
      const mutated =
        choice.value === 'flip' ? token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
        : choice.value === 'upper' ? token.toUpperCase()
        : choice.value === 'prefix' ? `x${token}`
        : token.slice(0, Math.floor(token.length / 2));
      return `Bearer ${mutated}`;
    }
    default:
      return choice.value;
  }
}

// ---------------------------------------------------------------------------------------------
// The checks

/** GET answers that no rejected request may change. */
function readings(engine: Engine, clockMs: number): unknown[] {
  const [customer] = world.ids.customerId ?? [];
  const [account] = world.ids.accountId ?? [];
  const [card] = world.ids.cardId ?? [];
  return [
    '/customers?limit=100',
    '/transactions?limit=100',
    `/internal-accounts/${account}`,
    `/customers/external-accounts?customerId=${customer}`,
    `/cards/${card}`,
    '/config',
  ].map((path) => {
    const { response, events } = engine.handle({ method: 'GET', path, headers: { authorization: AUTH } }, { now: clockMs });
    expect(events, `GET ${path} wrote`).toEqual([]);
    return response;
  });
}

/** The readings of the last state seen: the state rarely changes, and reading costs ~6 GETs. */
let lastReadings: { digest: string; clockMs: number; answers: unknown[] } | undefined;

function cachedReadings(engine: Engine, stateDigest: string, clockMs: number): unknown[] {
  if (lastReadings?.digest !== stateDigest || lastReadings.clockMs !== clockMs) lastReadings = { digest: stateDigest, clockMs, answers: readings(engine, clockMs) };
  return lastReadings.answers;
}

function digest(engine: Engine): string {
  return `${JSON.stringify(engine.head())}\n${JSON.stringify(engine.snapshot())}`;
}

function describeRequest(request: HttpRequest): string {
  const body = request.body;
  return JSON.stringify({ ...request, body: typeof body === 'string' ? preview(body) : preview(body) }, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200 ? `<string of ${value.length}>` : value,
  );
}

/** The path of the first value JSON cannot carry (NaN, Infinity, a bigint, a function), if any. */
function nonJsonIn(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, 'body']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'number' && !Number.isFinite(item)) return path;
    if (typeof item === 'bigint' || typeof item === 'function' || typeof item === 'symbol') return path;
    if (typeof item === 'object' && item !== null) for (const [key, child] of Object.entries(item)) stack.push([child, `${path}.${key}`]);
  }
  return undefined;
}

/** Ids (`Type:...` strings) in an answer, a few levels deep. */
function idsIn(value: unknown, out: string[], depth = 0): void {
  if (depth > 4) return;
  if (typeof value === 'string' && /^[A-Z][A-Za-z]+:[0-9a-f-]{36}$/.test(value) && !out.includes(value)) out.push(value);
  else if (Array.isArray(value)) for (const item of value.slice(0, 5)) idsIn(item, out, depth + 1);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) idsIn(item, out, depth + 1);
}

/** Sends one step and checks it; returns the events written and keeps the ids it answered. */
function sendAndCheck(engine: Engine, s: Step, clockMs: number, freshIds: string[]): readonly EventEnvelope[] {
  const request = buildRequest(s, freshIds);
  const label = `${routeKey(s.route)} as ${describeRequest(request)}`;
  const before = digest(engine);
  const readBefore = cachedReadings(engine, before, clockMs);
  let result: ReturnType<Engine['handle']>;
  try {
    result = engine.handle(request, { now: clockMs });
  } catch (error) {
    throw new Error(`handle threw ${String(error)} on ${label}`, { cause: error });
  }
  const { response, events } = result;
  if (STATS !== undefined) {
    const key = `${routeKey(s.route)} ${response.status} ${(response.body as { code?: string } | null)?.code ?? ''}`;
    STATS.set(key, (STATS.get(key) ?? 0) + 1);
  }
  expect(Number.isInteger(response.status), label).toBe(true);
  expect(response.status, `${label} answered ${preview(response.body)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${label} answered ${preview(response.body)}`).toBeLessThan(500);
  expect(() => JSON.stringify(response.body), label).not.toThrow();
  if (response.status < 400) {
    expect(nonJsonIn(response.body), `${label} answered a value JSON cannot carry`).toBeUndefined();
    const key = request.headers?.['Idempotency-Key'];
    if (typeof key === 'string' && key.trim() !== '' && request.method.toUpperCase() !== 'GET') {
      // The same request with the same key answers the stored response and writes nothing.
      const again = engine.handle(request, { now: clockMs });
      expect({ status: again.response.status, body: again.response.body, events: again.events }, `${label} retried with its key`).toEqual({
        status: response.status,
        // As stored: through JSON (a 204's undefined body stays undefined).
        body: response.body === undefined ? undefined : (JSON.parse(JSON.stringify(response.body)) as unknown),
        events: [],
      });
    }
    idsIn(response.body, freshIds);
    return events;
  }

  const body = response.body as Record<string, unknown>;
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), label).toBe(true);
  expect(Object.keys(body).filter((key) => key !== 'code' && key !== 'reason' && key !== 'details'), label).toEqual([]);
  expect(typeof body.code === 'string' && isErrorCode(body.code), `${label}: code ${String(body.code)}`).toBe(true);
  expect(statusOf(body.code as Parameters<typeof statusOf>[0]), label).toBe(response.status);
  expect(typeof body.reason, label).toBe('string');
  if (body.details !== undefined) expect(typeof body.details === 'object' && body.details !== null && !Array.isArray(body.details), label).toBe(true);
  // A wrong SCA code or a failed SCA login is recorded on purpose (the lock survives a restart).
  if (recordedRefusal(request.method.toUpperCase(), request.path, response.status, events)) return events;
  expect(events, label).toEqual([]);
  expect(digest(engine), `${label}: a ${response.status} changed the state`).toBe(before);
  expect(readings(engine, clockMs), `${label}: a ${response.status} changed a GET answer`).toEqual(readBefore);
  return events;
}

/** With FUZZ_STATS=1, how often each route answered each status and code (printed after the run). */
const STATS: Map<string, number> | undefined = process.env.FUZZ_STATS === '1' ? new Map() : undefined;

/** The engine of the last run, when that run wrote nothing and passed. */
let unchanged: Engine | undefined;

// Every other engine packs every record but the last one set in each store (`hotRecords: 1`),
// so that hostile values that reach a stored record also go through the record codec, and a
// run's replay (the next restore) packs otherwise than the engine that wrote it.
let restores = 0;

function restore(events: readonly EventEnvelope[] = []): Engine {
  restores += 1;
  return createEngine({ regulated: true, snapshot: JSON.parse(snapshotText) as EngineSnapshot, events, ...(restores % 2 === 0 ? { hotRecords: 1 } : {}) });
}

describe('wire fuzzer: every route, mutated requests', () => {
  it('the seeds cover every route of the table (a route without one is fuzzed from an empty body)', () => {
    const keys = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    expect(Object.keys(seeds).filter((key) => !keys.has(key)), 'seeds for routes that no longer exist').toEqual([]);
  });

  it(`never throws, never answers 5xx; every 4xx is a catalogued error body that writes and changes nothing (${NUM_RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 5 }), (steps) => {
        // A run that wrote nothing left the engine as restored (checked after every request):
        // the next run reuses it, since a restore costs more than the rest of a run.
        const engine = unchanged ?? restore();
        unchanged = undefined;
        let clockMs = engine.head().atMs;
        const written: EventEnvelope[] = [];
        const freshIds: string[] = [];
        for (const s of steps) {
          clockMs += CLOCK_STEPS_MS[s.clockStep] ?? 0;
          if (s.advance) written.push(...engine.advance(clockMs));
          written.push(...sendAndCheck(engine, s, clockMs, freshIds));
        }
        expect(engine.state.ledger.checkInvariants()).toEqual([]);
        if (written.length > 0) {
          // What was written replays, through JSON as a store keeps it, to the same state.
          const stored = JSON.parse(JSON.stringify(written)) as EventEnvelope[];
          expect(digest(restore(stored))).toBe(digest(engine));
        } else unchanged = engine;
      }),
      { numRuns: NUM_RUNS, ...(process.env.FC_SEED === undefined ? {} : { seed: Number(process.env.FC_SEED) }), ...(process.env.FC_PATH === undefined ? {} : { path: process.env.FC_PATH }) },
    );
    if (STATS !== undefined) console.log([...STATS].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, n]) => `${String(n).padStart(6)} ${key}`).join('\n'));
  }, Math.max(120_000, NUM_RUNS * 200));

  it(`one engine across every run: state accumulates, so a request can meet what earlier ones did (${Math.ceil(NUM_RUNS / 2)} requests)`, () => {
    // Sequence defects (an account deleted, then a quote to it executed) need many requests on
    // one state, more than one run's five. Failures print the request; they do not shrink well.
    const engine = restore();
    let clockMs = engine.head().atMs;
    const written: EventEnvelope[] = [];
    const freshIds: string[] = [];
    fc.assert(
      fc.property(step, (s) => {
        // A second at most per step, so that quotes and challenges stay live for many requests.
        clockMs += Math.min(CLOCK_STEPS_MS[s.clockStep] ?? 0, 1_000);
        if (s.advance) written.push(...engine.advance(clockMs));
        written.push(...sendAndCheck(engine, s, clockMs, freshIds));
      }),
      { numRuns: Math.ceil(NUM_RUNS / 2), endOnFailure: true, ...(process.env.FC_SEED === undefined ? {} : { seed: Number(process.env.FC_SEED) }) },
    );
    expect(engine.state.ledger.checkInvariants()).toEqual([]);
    const stored = JSON.parse(JSON.stringify(written)) as EventEnvelope[];
    expect(digest(restore(stored))).toBe(digest(engine));
  }, Math.max(120_000, NUM_RUNS * 200));
});
