/**
 * The writer without HTTP: 128 concurrent clients send 50,000 fund requests straight to
 * `writer.handle` over a real file store (fsync per append). Prints requests/s, CPU per request
 * and requests per append. Run: npx tsup --no-config test/server/writer.perf.manual.ts --format esm
 * --platform node --out-dir bench-out/wb --silent && node bench-out/wb/writer.perf.manual.js
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuthorization } from '../../src/api/auth.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { openFileStore } from '../../src/server/file-store.js';
import { createWriter } from '../../src/server/writer.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-'));
const writer = await createWriter({ store: await openFileStore(join(dir, 'e.jsonl')), timerIntervalMs: 0, engine: { sha256: nativeSha256 } });
const authorization = basicAuthorization(SANDBOX_CREDENTIAL);
const list = await writer.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization } });
const account = (list.body as { data: { id: string }[] }).data[0]!.id;
const total = 50_000;
const concurrency = 128;
let sent = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
async function client(): Promise<void> {
  while (sent < total) {
    sent += 1;
    const r = await writer.handle({ method: 'POST', path: `/sandbox/internal-accounts/${account}/fund`, headers: { authorization, 'content-type': 'application/json' }, body: '{"amount":1}' });
    if (r.status !== 200) throw new Error(String(r.status));
  }
}
await Promise.all(Array.from({ length: concurrency }, client));
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const s = writer.stats();
console.log(JSON.stringify({ requests: total, wallMs: Math.round(wallMs), perSec: Math.round(total / (wallMs / 1000)), cpuUsPerRequest: Math.round((cpu.user + cpu.system) / total), appends: s.commits, perAppend: (total / s.commits).toFixed(1) }));
await writer.close();
rmSync(dir, { recursive: true, force: true });
