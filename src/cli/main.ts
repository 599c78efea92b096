/**
 * The `payments-engine` command line, the library's only I/O: run request scripts, verify and
 * replay logs, print statements, and run the demo. Exit code 0 on success, 1 on a broken log or
 * failed check, 2 on bad usage.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatementMonth } from '../core/calendar.js';
import type { CurrencyCode } from '../core/currency.js';
import type { AuditReport } from '../engine/audit.js';
import { auditFile } from './audit-file.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { encodeEnvelope } from '../log/index.js';
import { DEMO_SCRIPT, DEMO_STATEMENT } from './demo.js';
import { lineWriter, readLines } from './files.js';
import { nativeSha256 } from './native-hash.js';
import { balanceLines, fetchStatement, statementLines, totalsLines } from './report.js';
import { runScript, type ScriptRequest } from './script.js';

const USAGE = `usage:
  payments-engine run <requests.jsonl> [--log events.jsonl] [--seed N]
  payments-engine verify <events.jsonl>
  payments-engine replay <events.jsonl>
  payments-engine statement <events.jsonl> --account ID --month YYYY-MM
  payments-engine demo [--out DIR]`;

type Args = { positional: string[]; flags: Map<string, string> };

function parseArgs(argv: readonly string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) {
      flags.set(arg.slice(2), argv[i + 1] ?? '');
      i += 1;
    } else positional.push(arg);
  }
  return { positional, flags };
}

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const fail = (line: string, code = 1): number => {
  process.stderr.write(`${line}\n`);
  return code;
};

function* scriptRequests(path: string): Generator<ScriptRequest> {
  for (const line of readLines(path)) if (line.trim() !== '') yield JSON.parse(line) as ScriptRequest;
}

/** Audits a log file; `canonical` also demands canonical line bytes (the `verify` command). */
function audit(path: string, canonical = false): AuditReport {
  const started = Date.now();
  return auditFile(path, {
    canonical,
    onProgress: (count) => process.stderr.write(`replayed ${count.toLocaleString('en-US')} events (${((Date.now() - started) / 1000).toFixed(1)} s)\n`),
  });
}

function reportFault(report: Extract<AuditReport, { ok: false }>): number {
  return fail(`FAILED at seq ${report.fault.seq}: ${report.fault.kind}: ${report.fault.reason}`);
}

function commandRun(args: Args): number {
  const [script] = args.positional;
  if (script === undefined) return fail(USAGE, 2);
  const engine = createEngine({ seed: Number(args.flags.get('seed') ?? 0), sha256: nativeSha256 });
  const logPath = args.flags.get('log');
  const writer = logPath === undefined ? undefined : lineWriter(logPath);
  runScript(engine, scriptRequests(script), (step) => {
    out(JSON.stringify({ n: step.n, status: step.response.status, body: step.response.body }));
    for (const event of step.events) writer?.write(encodeEnvelope(event));
  });
  writer?.close();
  return 0;
}

function commandVerify(args: Args): number {
  const [path] = args.positional;
  if (path === undefined) return fail(USAGE, 2);
  const report = audit(path, true);
  if (!report.ok) return reportFault(report);
  out(`ok: ${report.count} events, canonical encoding, chain and ledger invariants hold, head ${report.engine.head().hash}`);
  return 0;
}

function commandReplay(args: Args): number {
  const [path] = args.positional;
  if (path === undefined) return fail(USAGE, 2);
  const report = audit(path);
  if (!report.ok) return reportFault(report);
  const head = report.engine.head();
  out(`events ${report.count}`);
  out(`head seq ${head.seq} hash ${head.hash}`);
  for (const line of totalsLines(report.engine)) out(line);
  return 0;
}

function printStatement(engine: Engine, accountId: string, monthText: string): number {
  const month = parseStatementMonth(monthText);
  if (month === undefined) return fail('--month must be YYYY-MM', 2);
  const account = engine.state.accounts.byId.get(accountId);
  if (account === undefined) return fail(`no internal account ${accountId} in the log`);
  const statement = fetchStatement(engine, accountId, month);
  out(`statement of ${accountId} for ${monthText} (America/Chicago)`);
  for (const line of statementLines(statement, account.currency as CurrencyCode)) out(line);
  return statement.status === 200 && statement.identityHolds ? 0 : 1;
}

function commandStatement(args: Args): number {
  const [path] = args.positional;
  const accountId = args.flags.get('account');
  const month = args.flags.get('month');
  if (path === undefined || accountId === undefined || month === undefined) return fail(USAGE, 2);
  const report = audit(path);
  if (!report.ok) return reportFault(report);
  return printStatement(report.engine, accountId, month);
}

function commandDemo(args: Args): number {
  const dir = args.flags.get('out') ?? 'demo-out';
  mkdirSync(dir, { recursive: true });
  const logPath = join(dir, 'events.jsonl');
  const engine = createEngine({ sha256: nativeSha256 });
  const writer = lineWriter(logPath);
  out('== requests');
  const responses = runScript(engine, DEMO_SCRIPT, (step) => {
    const body = step.response.body as { code?: string; id?: string; status?: string } | undefined;
    const note = body?.code ?? [body?.id, body?.status].filter((part) => part !== undefined).join(' ');
    const what = 'advance' in step.request ? `${'ADVANCE'.padEnd(5)} ${`timers due by ${step.request.at}`.padEnd(80)}` : `${step.request.method.padEnd(5)} ${step.request.path.padEnd(80)}`;
    out(`${String(step.n).padStart(2)} ${what} ${step.response.status} ${note}  (+${step.events.length} events)`);
    for (const event of step.events) writer.write(encodeEnvelope(event));
  });
  writer.close();
  out(`\n== log written to ${logPath}; verifying it from disk`);
  const report = audit(logPath, true);
  if (!report.ok) return reportFault(report);
  out(`ok: ${report.count} events, hash chain and ledger invariants hold, head ${report.engine.head().hash}`);
  out('\n== balances (replayed from the log)');
  for (const line of balanceLines(report.engine)) out(line);
  out('\n== ledger totals');
  for (const line of totalsLines(report.engine)) out(line);
  let accountId: unknown = responses[DEMO_STATEMENT.accountRef.step - 1];
  for (const key of DEMO_STATEMENT.accountRef.path) accountId = (accountId as Record<string | number, unknown> | undefined)?.[key];
  if (typeof accountId !== 'string') return fail('demo: the customer account was not created');
  out('');
  return printStatement(report.engine, accountId, DEMO_STATEMENT.month);
}

const COMMANDS: Record<string, (args: Args) => number> = {
  run: commandRun,
  verify: commandVerify,
  replay: commandReplay,
  statement: commandStatement,
  demo: commandDemo,
};

const [command, ...rest] = process.argv.slice(2);
const handler = command === undefined ? undefined : COMMANDS[command];
process.exitCode = handler === undefined ? fail(USAGE, 2) : handler(parseArgs(rest));
