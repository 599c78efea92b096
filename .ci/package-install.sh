#!/usr/bin/env bash
# Installs the packed tarball into a fresh project and uses it as a user would: ESM import, CJS
# require, the payments-engine bin, and the published types under "module": "NodeNext" and
# "Bundler" with skipLibCheck false. Run after `npm run build`; dependencies come from the npm
# cache where possible. About 20-40 s.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$repo"
test -f dist/index.js || { echo "dist/ is missing: run npm run build first" >&2; exit 1; }
npm pack --ignore-scripts --silent --pack-destination "$work" >/dev/null
cd "$work"
echo '{ "name": "consumer", "private": true, "type": "module" }' > package.json
npm install --no-audit --no-fund --prefer-offline --loglevel=error ./payments-engine-*.tgz
# pg is an optional peer: a core or server user does not get it.
test ! -e node_modules/pg || { echo "pg was installed with the package: it must be an optional peer" >&2; exit 1; }

echo "== ESM import"
node --input-type=module -e "
  import { createEngine, basicAuthorization, SANDBOX_CREDENTIAL } from 'payments-engine';
  import { openFileStore, createWriter, nodeHandler, fetchHandler } from 'payments-engine/server';
  const engine = createEngine();
  const r = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) } }, { now: '2026-01-05T16:00:00Z' });
  if (r.response.status !== 200) throw new Error('ESM handle: ' + r.response.status);
  const writer = await createWriter({ store: await openFileStore('esm.jsonl'), timerIntervalMs: 0 });
  const answer = await fetchHandler(writer)(new Request('http://x/2025-10-13/platform/internal-accounts', { headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) } }));
  if (answer.status !== 200 || typeof nodeHandler !== 'function') throw new Error('ESM server: ' + answer.status);
  await writer.close();
  console.log('ok');
"
echo "== CJS require"
node -e "
  const { createEngine, RateDecimal } = require('payments-engine');
  const server = require('payments-engine/server');
  if (typeof createEngine !== 'function' || typeof server.openFileStore !== 'function') throw new Error('CJS exports');
  if (new RateDecimal('1.5').plus('2.25').toString() !== '3.75') throw new Error('RateDecimal');
  console.log('ok');
"
echo "== bin"
npx --no-install payments-engine --version
npx --no-install payments-engine demo --out demo > demo.txt
tail -n 1 demo.txt

echo "== types without pg (NodeNext and Bundler, skipLibCheck false)"
cat > consumer.ts <<'TS'
import { createEngine, handleTyped, RateDecimal, SANDBOX_CREDENTIAL, basicAuthorization, snapshotHead, type Customer, type DomainState, type EventEnvelope, type HttpResponse, type ResponseBodyOf, type Upcast } from 'payments-engine';
import { createWriter, openFileStore, nodeHandler, fetchHandler, AppendConflictError, type EventStore, type Writer } from 'payments-engine/server';

const engine = createEngine();
const rate: RateDecimal = new RateDecimal('1.08');
const state: DomainState = engine.state;
const result = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) } }, { now: 0 });
const events: readonly EventEnvelope[] = result.events;
const response: HttpResponse = result.response;
export type Exported = [Customer, Upcast, EventStore, Writer];
// Typed response bodies per operation (generated from the reference OpenAPI).
const typed = handleTyped(engine, { operation: 'GET /customers/{customerId}', pathParams: { customerId: 'Customer:x' }, headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) } }, { now: 0 });
export const platformCustomerId: string | undefined = typed.response.status === 200 ? typed.response.body.platformCustomerId : undefined;
export const body: ResponseBodyOf<'GET', '/config'> | undefined = undefined;
export const used = [rate.toFixed(2), state, events.length, response.status, snapshotHead, createWriter, openFileStore, nodeHandler, fetchHandler, AppendConflictError];
TS
cat > consumer-cjs.cts <<'TS'
import pe = require('payments-engine');
import server = require('payments-engine/server');
export const used = [pe.createEngine, new pe.RateDecimal('2'), server.openFileStore];
TS
common='"target": "ES2022", "lib": ["ES2022"], "strict": true, "skipLibCheck": false, "noEmit": true, "types": ["node"], "typeRoots": ["'"$repo"'/node_modules/@types"]'
echo '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", '"$common"' }, "files": ["consumer.ts", "consumer-cjs.cts"] }' > tsconfig.nodenext.json
echo '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "Bundler", '"$common"' }, "files": ["consumer.ts"] }' > tsconfig.bundler.json
node "$repo/node_modules/typescript/bin/tsc" -p tsconfig.nodenext.json
node "$repo/node_modules/typescript/bin/tsc" -p tsconfig.bundler.json

echo "== payments-engine/postgres after installing pg (and @types/pg for its types)"
version() { node -p "require('$repo/node_modules/$1/package.json').version"; }
npm install --no-audit --no-fund --prefer-offline --loglevel=error "pg@$(version pg)" "@types/pg@$(version @types/pg)"
node -e "
  const server = require('payments-engine/server');
  const postgres = require('payments-engine/postgres');
  if (typeof postgres.createPostgresStore !== 'function') throw new Error('CJS postgres exports');
  // One class whichever subpath it comes from.
  if (server.AppendConflictError !== postgres.AppendConflictError) throw new Error('AppendConflictError differs between subpaths');
  console.log('ok');
"
cat > consumer-pg.ts <<'TS'
import { AppendConflictError } from 'payments-engine/server';
import { createPostgresStore } from 'payments-engine/postgres';
export const used = [createPostgresStore, AppendConflictError];
TS
# Only the new file: consumer.ts was checked above, without pg.
sed -i 's/"files": \[[^]]*\]/"files": ["consumer-pg.ts"]/' tsconfig.nodenext.json tsconfig.bundler.json
node "$repo/node_modules/typescript/bin/tsc" -p tsconfig.nodenext.json
node "$repo/node_modules/typescript/bin/tsc" -p tsconfig.bundler.json
echo "package install checks: ok"
