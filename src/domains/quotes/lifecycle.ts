/**
 * The quote's own lifecycle as an xstate machine, and the plain table derived from it once
 * (deciders and evolvers read only the table). After EXECUTED the money flow belongs to the
 * transaction, whose status the quote then shows (view.ts).
 */
import { setup } from 'xstate';
import { type TransitionTable, transitionTable } from '../lifecycle.js';
import type { QuoteState } from './types.js';

/** What can happen to a quote. */
export const QUOTE_LIFECYCLE_EVENTS = ['AUTHORIZED', 'EXECUTED', 'EXPIRED'] as const;
/** One of `QUOTE_LIFECYCLE_EVENTS`. */
export type QuoteLifecycleEvent = (typeof QUOTE_LIFECYCLE_EVENTS)[number];

/** The quote lifecycle: SCA (if needed), then execution or expiry. */
export const quoteMachine = setup({ types: {} as { events: { type: QuoteLifecycleEvent } } }).createMachine({
  id: 'quote',
  initial: 'PENDING',
  states: {
    PENDING: { on: { EXECUTED: 'EXECUTED', EXPIRED: 'EXPIRED' } },
    // An immediatelyExecute quote executes on authorization; any other returns to PENDING.
    PENDING_AUTHORIZATION: { on: { AUTHORIZED: 'PENDING', EXECUTED: 'EXECUTED', EXPIRED: 'EXPIRED' } },
    EXECUTED: { type: 'final' },
    EXPIRED: { type: 'final' },
  },
});

/** The quote table, derived from the machine once. */
export const QUOTE_TABLE: TransitionTable<QuoteState, QuoteLifecycleEvent> = transitionTable(quoteMachine);
