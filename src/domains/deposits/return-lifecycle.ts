/**
 * The life of a rail return of one deposit as an xstate machine, and the plain table derived
 * from it once (the decider and the evolver read only the table; a test checks they agree). ACH's
 * rules: one return, one dishonor of it, one contest of that. A return or contest either takes
 * the credit back, or, when a later irreversible step already used the funds, is absorbed (the
 * payment stays COMPLETED; spec "Transaction status").
 */
import { setup } from 'xstate';
import { type TransitionTable, transitionTable } from '../lifecycle.js';
import type { ReturnState } from './types.js';

/** What can happen to a deposit's return. */
export const RETURN_EVENTS = ['RETURN_TAKEN', 'RETURN_ABSORBED', 'DISHONORED', 'CONTEST_TAKEN', 'CONTEST_ABSORBED'] as const;
/** One of `RETURN_EVENTS`. */
export type ReturnEvent = (typeof RETURN_EVENTS)[number];

/** The return lifecycle of a deposit. */
export const returnMachine = setup({ types: {} as { events: { type: ReturnEvent } } }).createMachine({
  id: 'deposit-return',
  initial: 'NONE',
  states: {
    NONE: { on: { RETURN_TAKEN: 'RETURNED', RETURN_ABSORBED: 'RETURN_ABSORBED' } },
    RETURNED: { on: { DISHONORED: 'DISHONORED' } },
    RETURN_ABSORBED: { type: 'final' },
    DISHONORED: { on: { CONTEST_TAKEN: 'CONTESTED', CONTEST_ABSORBED: 'CONTEST_ABSORBED' } },
    CONTESTED: { type: 'final' },
    CONTEST_ABSORBED: { type: 'final' },
  },
});

/** The return table, derived from the machine once. */
export const RETURN_TABLE: TransitionTable<ReturnState, ReturnEvent> = transitionTable(returnMachine);
