/**
 * `npm run bench`: bundles the benchmark (tsup.config.ts here), then runs each scenario in its own process (so peak RSS is per scenario) and prints
 * events per second and peak memory beside the bare baselines measured in the same run, as
 * ratios. Options: --transfers N (default 1,000,000), --accounts N (default 10,000).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : (args[i + 1] ?? fallback);
};
const transfers = flag('transfers', '1000000');
const accounts = flag('accounts', '10000');

function scenario(name: string): Record<string, number> {
  process.stderr.write(`running ${name} ...\n`);
  const child = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', join(here, 'scenarios.js'), name, transfers, accounts], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (child.status !== 0) throw new Error(`scenario ${name} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as Record<string, number>;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
// A scenario's per-round figures (a JSON array), formatted as "a / b / c".
const eachRound = (figures: unknown): string => (Array.isArray(figures) ? figures.map((n) => fmt(Number(n))).join(' / ') : '?');
const fold = scenario('fold');
const replay = scenario('replay');
const jsonl = scenario('jsonl');
const page = scenario('page');
const handle = scenario('handle');
const quotes = scenario('quotes');

const replayRatio = replay.ratio ?? 0;
const replayYardstickRatio = (replay.eventsPerSec ?? 0) / (fold.eventsPerSec ?? 1);
const jsonlRatio = (jsonl.verifyReplayTwoThreadsEventsPerSec ?? 0) / (jsonl.baselineParseFoldEventsPerSec ?? 1);
const jsonlOneThreadRatio = (jsonl.verifyReplayNativeEventsPerSec ?? 0) / (jsonl.baselineParseFoldEventsPerSec ?? 1);
const lines = [
  `workload: ${fmt(Number(transfers))} transfers over ${fmt(Number(accounts))} accounts (node ${process.version})`,
  '',
  '1. in-memory replay with balance-change rows (blocks of 10,000 envelopes, each timed once made; median of 3 rounds after a warm-up round)',
  `   engine.replay        ${fmt(replay.eventsPerSec ?? 0)} events/s   (goal >= 1,000,000)`,
  `   Map fold, envelopes  ${fmt(replay.envelopeFoldEventsPerSec ?? 0)} events/s (the same blocks, alternating with the engine)`,
  `   ratio                ${replayRatio.toFixed(2)}                  (goal >= 0.5)`,
  `   warm-up round        engine ${fmt(replay.warmUpEngineEventsPerSec ?? 0)}, fold ${fmt(replay.warmUpFoldEventsPerSec ?? 0)} events/s (a fresh process: compiling and first heap growth included)`,
  `   measured rounds      engine ${eachRound(replay.roundsEngine)}; fold ${eachRound(replay.roundsFold)}`,
  `   Map fold, transfers  ${fmt(fold.eventsPerSec ?? 0)} events/s (the yardstick's shape: 1,000,000 resident transfers, bigint amounts)`,
  `   ratio to that        ${replayYardstickRatio.toFixed(2)}`,
  '',
  '2. JSONL replay with hash-chain verification (the log written to a file, streamed back line by line)',
  `   CLI replay           ${fmt(jsonl.verifyReplayTwoThreadsEventsPerSec ?? 0)} events/s (auditFile: chain verified on a worker thread, this one parses again and applies)`,
  `   CLI verify           ${fmt(jsonl.verifyReplayStrictTwoThreadsEventsPerSec ?? 0)} events/s (the same, also re-encoding each line to prove canonical bytes)`,
  `   auditLog, one thread ${fmt(jsonl.verifyReplayNativeEventsPerSec ?? 0)} events/s (node:crypto SHA-256; ratio ${jsonlOneThreadRatio.toFixed(2)})`,
  `   strict, one thread   ${fmt(jsonl.verifyReplayStrictEventsPerSec ?? 0)} events/s (canonical bytes too)`,
  `   auditLog, noble      ${fmt(jsonl.verifyReplayNobleEventsPerSec ?? 0)} events/s (@noble/hashes in JS, first 200,000 lines)`,
  `   JSON.parse + fold    ${fmt(jsonl.baselineParseFoldEventsPerSec ?? 0)} events/s (same lines, ${jsonl.bytesPerEvent} bytes/event)`,
  `   ratio                ${jsonlRatio.toFixed(2)}                  (goal >= 0.5; CLI replay to the one-thread baseline)`,
  '',
  '3. peak RSS',
  `   engine replay        ${replay.peakRssMb} MB   (goal <= 500; ${replay.rssBeforeReplayMb} MB before replay; includes one block and the fold's Map)`,
  `   bare Map fold        ${fold.peakRssMb} MB (holds the 1,000,000 transfers in memory, as the yardstick does)`,
  '',
  '4. one 100-row page of balance changes (GET through handle)',
  `   ${fmt(page.bigRows ?? 0)} rows account    ${page.bigPageMicros} µs`,
  `   ${fmt(page.smallRows ?? 0)} rows account        ${page.smallPageMicros} µs`,
  `   ratio                ${page.ratio}                  (goal <= 2)`,
  '',
  '5. handle throughput, sandbox fund requests',
  `   ${fmt(handle.requestsPerSec ?? 0)} requests/s over ${fmt(handle.requests ?? 0)} requests`,
  '',
  '6. quote-and-execute through handle (USD payout to an external account over ACH)',
  `   ${fmt(quotes.requestsPerSec ?? 0)} requests/s (${fmt(quotes.quotesExecuted ?? 0)} quotes, each POST /quotes + POST /quotes/{id}/execute)`,
  `   replay of the ${fmt(quotes.flowEvents ?? 0)} events those flows wrote (timers fired): ${fmt(quotes.flowReplayEventsPerSec ?? 0)} events/s`,
];
// Run from bench-out/bundle: the repo root is two levels up, ../shared beside it.
const yardstick = join(here, '..', '..', '..', 'shared', 'bench', 'baseline.mjs');
if (existsSync(yardstick)) {
  const child = spawnSync(process.execPath, [yardstick, transfers, accounts], { encoding: 'utf8' });
  if (child.status === 0) {
    const y = JSON.parse(child.stdout) as { foldEventsPerSec: number; parseFoldEventsPerSec: number };
    lines.push('', `cross-check, ../shared/bench/baseline.mjs: fold ${fmt(y.foldEventsPerSec)} events/s, parse+fold ${fmt(y.parseFoldEventsPerSec)} events/s (its own smaller lines)`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
