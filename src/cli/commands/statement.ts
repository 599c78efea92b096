/** `statement`: replay a log and print one internal account's monthly statement through the API. */
import { auditForCommand, faultSentence } from '../audit-command.js';
import { EXIT, flag, CliError, type CliCommand } from '../command.js';
import { printStatement } from '../print-statement.js';

/** The `statement` command: exit 0 when the statement holds (opening + rows = closing). */
export const STATEMENT: CliCommand = {
  summary: "replay a log and print an internal account's monthly statement (America/Chicago)",
  usage: '<events.jsonl> --account ID --month YYYY-MM',
  arguments: ['events.jsonl'],
  options: { account: { type: 'string' }, month: { type: 'string' } },
  run(args, io) {
    const path = args.positionals[0]!;
    const accountId = flag(args, 'account');
    const month = flag(args, 'month');
    if (accountId === undefined || month === undefined) throw new CliError('--account ID and --month YYYY-MM are required');
    const audit = auditForCommand(path, { canonical: false }, io, 'replayed');
    if (!audit.report.ok || audit.fault !== undefined) {
      io.err(faultSentence(path, audit.fault ?? { kind: 'unknown', seq: 0, reason: 'replay failed' }));
      return EXIT.failed;
    }
    return printStatement(audit.report.engine, accountId, month, io);
  },
};
