/**
 * The wire fuzzer reaches every embedded-wallet and SCA route (issue 14: "the simulator and fuzzer
 * of the reliability issue cover the new routes"). The fuzzer is route-table driven, so these
 * routes were always drawn; this holds that they are drawn with something to reach: the world
 * holds a wallet (sessions, credentials of three kinds, a delegated key, a quote awaiting its
 * signature, open challenges) and an SCA customer (session, TOTP and passkey, a reset), and every
 * route below has seeds whose path parameters name those resources, so that mutated requests
 * reach the deciders and the signature checks, not only a 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes/index.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EngineSnapshot } from '../../src/engine/snapshot.js';
import { AUTH } from '../support/harness.js';
import { type Seed, seedsFor } from './seeds.js';
import { buildWorld, type World } from './world.js';

/** Every wallet and SCA route of the issue, by route key. */
const WALLET_SCA_ROUTES = [
  'POST /sandbox/embedded-wallets',
  'POST /auth/credentials',
  'GET /auth/credentials',
  'DELETE /auth/credentials/{id}',
  'POST /auth/credentials/{id}/verify',
  'POST /auth/credentials/{id}/challenge',
  'GET /auth/sessions',
  'DELETE /auth/sessions/{id}',
  'POST /auth/sessions/{id}/refresh',
  'POST /auth/delegated-keys',
  'GET /auth/delegated-keys',
  'GET /auth/delegated-keys/{id}',
  'DELETE /auth/delegated-keys/{id}',
  'PATCH /internal-accounts/{accountId}',
  'POST /internal-accounts/{accountId}/export',
  'POST /quotes/{quoteId}/execute',
  'POST /quotes/{quoteId}/authorize',
  'POST /quotes/{quoteId}/authorize/resend',
  'POST /customers/external-accounts/{externalAccountId}/trust',
  'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
  'POST /customers/external-accounts/{externalAccountId}/untrust',
  'POST /customers/external-accounts/{externalAccountId}/untrust/confirm',
  'GET /sca/factors',
  'POST /sca/factors',
  'POST /sca/factors/confirm',
  'DELETE /sca/factors/{credentialId}',
  'POST /sca/login/start',
  'POST /sca/login/complete',
  'POST /sca/record-event',
  'POST /sca/factors/reset',
  'GET /sca/factors/reset/{resetId}',
  'POST /sca/factors/reset/{resetId}/complete',
  'POST /cards/{id}/reveal',
] as const;

let world: World;
let seeds: Readonly<Record<string, readonly Seed[]>>;
let snapshotText: string;

beforeAll(() => {
  world = buildWorld();
  seeds = seedsFor(world);
  snapshotText = JSON.stringify(world.h.engine.snapshot());
});

function send(engine: Engine, key: string, seed: Seed): { status: number; code: string | undefined } {
  const [method, template] = key.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(seed.params?.[name] ?? world.ids[name]?.[0] ?? 'none'));
  const query = seed.query === undefined ? '' : `?${new URLSearchParams(seed.query).toString()}`;
  const request = { method, path: path + query, headers: { ...seed.headers, authorization: AUTH }, ...(seed.body === undefined ? {} : { body: seed.body }) };
  const { response } = engine.handle(request, { now: engine.head().atMs });
  return { status: response.status, code: (response.body as { code?: string } | null)?.code };
}

function restore(): Engine {
  return createEngine({ regulated: true, snapshot: JSON.parse(snapshotText) as EngineSnapshot });
}

describe('the wire fuzzer and the wallet and SCA routes', () => {
  it('the route table routes each of them, and each has seeds', () => {
    const routed = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    expect(WALLET_SCA_ROUTES.filter((key) => !routed.has(key))).toEqual([]);
    expect(WALLET_SCA_ROUTES.filter((key) => (seeds[key]?.length ?? 0) === 0)).toEqual([]);
    // Every /auth and /sca route of the table is in the list (a new one needs seeds too).
    const authOrSca = [...routed].filter((key) => /^\w+ \/(auth|sca)\//.test(key));
    expect(authOrSca.filter((key) => !(WALLET_SCA_ROUTES as readonly string[]).includes(key))).toEqual([]);
  });

  it.each(WALLET_SCA_ROUTES)('%s: every seed reaches the resource it names (no 404, no 5xx)', (key) => {
    for (const seed of seeds[key] ?? []) {
      const answer = send(restore(), key, seed);
      expect(answer.status, `${JSON.stringify(seed).slice(0, 200)} answered ${answer.status} ${answer.code}`).toBeLessThan(500);
      expect(answer.status, `${JSON.stringify(seed).slice(0, 200)} answered ${answer.code}`).not.toBe(404);
    }
  });

  it('the signed seeds meet every signature check: a real stamp is accepted, the broken ones each get their own 401', () => {
    for (const key of ['PATCH /internal-accounts/{accountId}', 'POST /internal-accounts/{accountId}/export', 'POST /auth/credentials', 'POST /auth/sessions/{id}/refresh']) {
      const outcomes = (seeds[key] ?? []).slice(0, 7).map((seed) => {
        const answer = send(restore(), key, seed);
        return answer.status < 300 ? String(answer.status) : `${answer.status} ${answer.code}`;
      });
      expect(outcomes, key).toEqual([
        '202',
        key === 'POST /auth/credentials' || key === 'POST /auth/sessions/{id}/refresh' ? '201' : '200',
        '401 WALLET_SIGNATURE_INVALID',
        '401 WALLET_SIGNATURE_MALFORMED',
        '401 WALLET_SIGNATURE_MALFORMED',
        key === 'POST /auth/credentials' || key === 'POST /auth/sessions/{id}/refresh' ? '201' : '200',
        '401 WALLET_SIGNATURE_MISSING',
      ]);
    }
    const execute = (seeds['POST /quotes/{quoteId}/execute'] ?? []).map((seed) => send(restore(), 'POST /quotes/{quoteId}/execute', seed)).map((a) => (a.status < 300 ? String(a.status) : `${a.status} ${a.code}`));
    expect(execute).toEqual(['200', '401 WALLET_SIGNATURE_INVALID', '401 WALLET_SIGNATURE_MALFORMED', '401 WALLET_SIGNATURE_MALFORMED', '200', '401 WALLET_SIGNATURE_MISSING']);
  });
});
