/**
 * The ledger's own bytes per transfer, by size: a `Ledger` alone takes `n` transfers and the
 * JS heap (after forced GCs) and the ArrayBuffer backing stores (its typed-array columns, which
 * `heapUsed` does not count) are read before and after. Ids and transaction ids are made before
 * the first reading and kept alive, so only the ledger's slots are counted, as in figure 12
 * where the log holds the strings.
 *
 *   node --expose-gc bench-out/bundle/ledger-bytes.js [mode] [sizes...]
 *
 * mode `api` (default): ids in no order (like UUIDv7s made within one millisecond, so the id
 * hash table is built), holds and their posts beside posted transfers, three transfers to a
 * transaction id. Mode `ordered`: posted transfers with increasing ids and no transaction id
 * (the ledger-only log of scenario 1). One JSON line per size, after a warm-up round.
 */
import { Ledger } from '../src/ledger/index.js';

const ACCOUNTS = 1_000;
const [modeArg = 'api', ...sizeArgs] = process.argv.slice(2);
const sizes = sizeArgs.length > 0 ? sizeArgs.map(Number) : [8_881, 14_700, 100_000, 1_000_000];

const gc = (): void => {
  global.gc?.();
  global.gc?.();
};
// A collected ArrayBuffer is freed (and uncounted) in a later task: collect, then wait a turn.
const reading = async (): Promise<{ heap: number; buffers: number; rss: number }> => {
  for (let turn = 0; turn < 2; turn += 1) {
    gc();
    await new Promise(setImmediate);
  }
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers, rss: usage.rss };
};

// A deterministic 32-bit generator, so every run makes the same ids.
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

function accountIds(): string[] {
  return Array.from({ length: ACCOUNTS }, (_, a) => `Account:${String(a).padStart(6, '0')}`);
}

function transferIds(n: number, ordered: boolean): string[] {
  const next = generator(n);
  const hex = (): string => next().toString(16).padStart(8, '0');
  const ids = Array.from({ length: n }, (_, i) => (ordered ? `T${String(i).padStart(12, '0')}` : `Transfer:${hex()}-${hex()}-${hex()}`));
  // Flat strings, as a parsed log holds them: a concatenation is a rope that the ledger's first
  // hash of it would flatten, freeing heap inside the measurement.
  return JSON.parse(JSON.stringify(ids)) as string[];
}

async function measure(n: number, ordered: boolean): Promise<Record<string, unknown>> {
  const accounts = accountIds();
  const ids = transferIds(n, ordered);
  const transactionIds = JSON.parse(JSON.stringify(Array.from({ length: Math.ceil(n / 3) }, (_, k) => `Transaction:${k}`))) as string[];
  const next = generator(7);
  const before = await reading();
  const ledger = new Ledger();
  for (const id of accounts) ledger.openAccount({ id, currency: 'USD' });
  const opened = await reading();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i += 1) {
    const d = next() % ACCOUNTS;
    const c = (d + 1 + (next() % (ACCOUNTS - 1))) % ACCOUNTS;
    const common = { id: ids[i]!, debitAccountId: accounts[d]!, creditAccountId: accounts[c]!, amountMinor: 100n, atMs: 1_700_000_000_000 + i };
    const step = ordered ? 0 : i % 3;
    const transactionId = ordered ? undefined : transactionIds[Math.floor(i / 3)];
    // api mode, per transaction: a hold, its post (the transaction id inherited), a posted fee.
    const result =
      step === 0
        ? ledger.createTransfers([{ ...common, ...(ordered ? {} : { pending: true, transactionId }) }])
        : step === 1
          ? ledger.postPending({ id: ids[i]!, pendingId: ids[i - 1]!, atMs: common.atMs })
          : ledger.createTransfers([{ ...common, transactionId }]);
    if (!result.ok) throw new Error(`transfer ${i} refused: ${JSON.stringify(result.error, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
  }
  const cpu = process.cpuUsage(cpu0);
  const after = await reading();
  const result = {
    mode: ordered ? 'ordered' : 'api',
    transfers: n,
    heapBytesPerTransfer: round((after.heap - opened.heap) / n),
    bufferBytesPerTransfer: round((after.buffers - opened.buffers) / n),
    bytesPerTransfer: round((after.heap - opened.heap + after.buffers - opened.buffers) / n),
    // Resident pages gained (heap pages V8 kept, buffer pages written): noisy, one size per process is best.
    rssBytesPerTransfer: round((after.rss - opened.rss) / n),
    accountsBytes: opened.heap - before.heap + opened.buffers - before.buffers,
    // Informational (CPU time, so a shared machine's waits are left out); bench:ab compares speed.
    cpuNsPerTransfer: Math.round(((cpu.user + cpu.system) * 1000) / n),
    invariantsHold: ledger.checkInvariants().length === 0,
  };
  // Used after the last reading, so that none of them is collected before it.
  keep.push(ledger, accounts, ids, transactionIds);
  keep.length = 0;
  return result;
}

const round = (x: number): number => Number(x.toFixed(1));
const keep: unknown[] = [];

// A first round, not printed: the heap of the first one also holds the ledger's compiled code.
await measure(10_000, modeArg === 'ordered');
for (const n of sizes) console.log(JSON.stringify(await measure(n, modeArg === 'ordered')));
