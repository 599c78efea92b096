/** `demo`: the built-in scenario end to end (requests, log written, verified from disk, balances, a statement). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../../engine/engine.js';
import { encodeEnvelope } from '../../log/index.js';
import { auditForCommand, faultSentence, headText } from '../audit-command.js';
import { EXIT, flag, type CliCommand } from '../command.js';
import { DEMO_SCRIPT, DEMO_STATEMENT } from '../demo.js';
import { lineWriter } from '../files.js';
import { nativeSha256 } from '../native-hash.js';
import { printStatement } from '../print-statement.js';
import { balanceLines, totalsLines } from '../report.js';
import { runScript } from '../script.js';

/** The `demo` command: exit 0 when the demo's log verifies and its statement holds. */
export const DEMO: CliCommand = {
  summary: 'run the built-in scenario, write its log to DIR/events.jsonl (replaced), verify it, print balances',
  usage: '[--out DIR]',
  help: ['--out DIR  where the demo writes events.jsonl (default demo-out); the demo\'s own log is replaced on each run'],
  arguments: [],
  options: { out: { type: 'string' } },
  run(args, io) {
    const dir = flag(args, 'out') ?? 'demo-out';
    mkdirSync(dir, { recursive: true });
    const logPath = join(dir, 'events.jsonl');
    const engine = createEngine({ sha256: nativeSha256 });
    const writer = lineWriter(logPath, 'replace');
    io.out('== requests');
    let responses: ReturnType<typeof runScript>;
    try {
      responses = runScript(engine, DEMO_SCRIPT, (step) => {
        const body = step.response.body as { code?: string; id?: string; status?: string } | undefined;
        const note = body?.code ?? [body?.id, body?.status].filter((part) => part !== undefined).join(' ');
        const what = 'advance' in step.request ? `${'ADVANCE'.padEnd(5)} ${`timers due by ${step.request.at}`.padEnd(80)}` : `${step.request.method.padEnd(5)} ${step.request.path.padEnd(80)}`;
        io.out(`${String(step.n).padStart(2)} ${what} ${step.response.status} ${note}  (+${step.events.length} events)`);
        for (const event of step.events) writer.write(encodeEnvelope(event));
      });
    } finally {
      writer.close();
    }
    io.out(`\n== log written to ${logPath}; verifying it from disk`);
    const audit = auditForCommand(logPath, { canonical: true }, io);
    if (audit.fault !== undefined || !audit.report.ok) {
      io.err(faultSentence(logPath, audit.fault ?? { kind: 'unknown', seq: 0, reason: 'replay failed' }));
      return EXIT.failed;
    }
    const replayed = audit.report.engine;
    io.out(`ok: ${audit.report.count} events, hash chain and ledger invariants hold, head ${headText(replayed.head())}`);
    io.out('\n== balances (replayed from the log)');
    for (const line of balanceLines(replayed)) io.out(line);
    io.out('\n== ledger totals');
    for (const line of totalsLines(replayed)) io.out(line);
    let accountId: unknown = responses[DEMO_STATEMENT.accountRef.step - 1];
    for (const key of DEMO_STATEMENT.accountRef.path) accountId = (accountId as Record<string | number, unknown> | undefined)?.[key];
    if (typeof accountId !== 'string') {
      io.err('demo: the customer account was not created');
      return EXIT.failed;
    }
    io.out('');
    return printStatement(replayed, accountId, DEMO_STATEMENT.month, io);
  },
};
