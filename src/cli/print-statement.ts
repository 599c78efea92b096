/** Prints one account's monthly statement (shared by `statement` and `demo`). */
import { parseStatementMonth } from '../core/calendar.js';
import type { CurrencyCode } from '../core/currency.js';
import type { Engine } from '../engine/engine.js';
import { CliError, EXIT, type CliIo } from './command.js';
import { fetchStatement, statementLines } from './report.js';

/** Prints the statement; exit 1 when it cannot be fetched or opening + rows != closing. */
export function printStatement(engine: Engine, accountId: string, monthText: string, io: CliIo): number {
  const month = parseStatementMonth(monthText);
  if (month === undefined) throw new CliError(`--month must be YYYY-MM, got ${JSON.stringify(monthText)}`);
  const account = engine.state.accounts.byId.get(accountId);
  if (account === undefined) {
    io.err(`no internal account ${accountId} in the log`);
    return EXIT.failed;
  }
  const statement = fetchStatement(engine, accountId, month);
  io.out(`statement of ${accountId} for ${monthText} (America/Chicago)`);
  for (const line of statementLines(statement, account.currency as CurrencyCode)) io.out(line);
  return statement.status === 200 && statement.identityHolds ? EXIT.ok : EXIT.failed;
}
