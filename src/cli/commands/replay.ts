/** `replay`: apply a log (hash chain checked, lines not required canonical) and print its head and ledger totals. */
import { auditForCommand, faultSentence, headText } from '../audit-command.js';
import { EXIT, type CliCommand } from '../command.js';
import { totalsJson, totalsLines } from '../report.js';

/** The `replay` command: exit 0 with the head and totals, 1 with the first bad seq. */
export const REPLAY: CliCommand = {
  summary: 'replay a log: events, head (SEQ:HASH), ledger totals per currency',
  usage: '<events.jsonl> [--json]',
  help: ['--json  one JSON object on stdout instead of text'],
  arguments: ['events.jsonl'],
  options: { json: { type: 'boolean' } },
  run(args, io) {
    const path = args.positionals[0]!;
    const audit = auditForCommand(path, { canonical: false }, io, 'replayed');
    const json = args.values['json'] === true;
    if (!audit.report.ok || audit.fault !== undefined) {
      const fault = audit.fault ?? { kind: 'unknown', seq: 0, reason: 'replay failed' };
      if (json) io.out(JSON.stringify({ ok: false, file: path, events: audit.report.count, fault }));
      else io.err(faultSentence(path, fault));
      return EXIT.failed;
    }
    const { engine } = audit.report;
    const head = engine.head();
    if (json) {
      io.out(JSON.stringify({ ok: true, file: path, events: audit.report.count, head: { seq: head.seq, hash: head.hash }, totals: totalsJson(engine) }));
    } else {
      io.out(`events ${audit.report.count}`);
      io.out(`head ${headText(head)}`);
      for (const line of totalsLines(engine)) io.out(line);
    }
    return EXIT.ok;
  },
};
