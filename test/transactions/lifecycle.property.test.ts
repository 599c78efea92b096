/**
 * Properties over generated command sequences on several transactions (creations, lifecycle
 * events with money, approve/reject/cancel/confirm over HTTP, time passing with timers): every
 * accepted move is a row of the table and lands where the table says; a refusal of a move the
 * table has is one of the decided preconditions; a rejection writes nothing; every record stays
 * sound and the ledger balanced; replay, and a snapshot plus the rest of the log, equal the live
 * state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { worldAccountId } from '../../src/domains/movement.js';
import {
  decideCreateTransaction, decideTransition, INCOMING_EVENTS, type LifecycleEvent, type LifecycleState, lifecycleStateOf, OUTGOING_EVENTS,
  tableOf, transactionProblems,
} from '../../src/domains/transactions/index.js';
import { createEngine } from '../../src/engine/engine.js';
import { changesFor, customer, later, payInInput, payoutInput, RUNS, type World, world } from './support.js';
import { stateText } from '../support/state-text.js';

const EVENTS = [...new Set<LifecycleEvent>([...OUTGOING_EVENTS, ...INCOMING_EVENTS])];
const RAILS = ['ACH', 'WIRE', 'FEDNOW', undefined] as const;
/** Moves the table has that a decided precondition may still refuse. */
const GUARDED: readonly LifecycleEvent[] = ['CANCELLED', 'RETURN_CONTESTED', 'APPROVED', 'APPROVAL_REJECTED'];

type Command =
  | { kind: 'create'; outgoing: boolean; start: number; rail: number }
  | { kind: 'move'; pick: number; event: number }
  | { kind: 'http'; pick: number; op: number }
  | { kind: 'wait'; ms: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), outgoing: fc.boolean(), start: fc.nat(3), rail: fc.nat(RAILS.length - 1) }),
  { arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), event: fc.nat(EVENTS.length - 1) }), weight: 4 },
  fc.record({ kind: fc.constant('http' as const), pick: fc.nat(), op: fc.nat(3) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 400_000 }) }),
);

function run(commands: readonly Command[]): World {
  const w = world();
  const who = customer(w, 'prop', 1_000_000);
  const model = new Map<string, LifecycleState>();
  const ids: string[] = [];
  for (const c of commands) {
    const before = stateText(w.engine);
    const logLength = w.log.length;
    if (c.kind === 'create') {
      const start = (c.outgoing ? ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING'] : ['CREATED', 'PENDING_APPROVAL', 'PENDING', 'PROCESSING'])[c.start % (c.outgoing ? 3 : 4)] as LifecycleState;
      const options = { rail: RAILS[c.rail], initialState: start };
      const input = c.outgoing ? payoutInput(w, who, options) : payInInput(w, who, options);
      w.must(decideCreateTransaction(w.state, input, { at: w.at() }));
      model.set(input.id, start);
      ids.push(input.id);
    } else if (c.kind === 'move' && ids.length > 0) {
      const id = ids[c.pick % ids.length]!;
      const tx = w.state.transactions.byId.get(id)!;
      const event = EVENTS[c.event]!;
      const from = model.get(id)!;
      const expected = tableOf(tx.type).next(from, event);
      // Outgoing funding moves money: a debit of the customer's account, reversed by a cancel.
      const debit = tx.type === 'OUTGOING' && (event === 'FUNDED' || event === 'SCA_COMPLETED')
        ? { id: w.newId('Transfer'), debitAccountId: who.accountId, creditAccountId: worldAccountId('USD'), amountMinor: '100', transactionId: id }
        : undefined;
      const result = decideTransition(w.state, id, event, { ...changesFor(event), ...(debit === undefined ? {} : { fundingTransferIds: [debit.id] }) }, {
        at: w.at(),
        ...(debit === undefined ? {} : { transfers: [debit] }),
      });
      if (result.ok) {
        expect(expected).toBeDefined();
        w.apply(result.value);
        model.set(id, expected!);
      } else {
        expect(expected === undefined || GUARDED.includes(event), `${event} from ${from} refused: ${result.error.code}`).toBe(true);
        expect(result.error.status).toBe(409);
      }
    } else if (c.kind === 'http' && ids.length > 0) {
      const id = ids[c.pick % ids.length]!;
      const op = (['approve', 'reject', 'cancel', 'confirm'] as const)[c.op]!;
      const response = w.call('POST', `/transactions/${id}/${op}`, {});
      if (response.status === 200) {
        const event = { approve: 'APPROVED', reject: 'APPROVAL_REJECTED', cancel: 'CANCELLED', confirm: undefined }[op] as LifecycleEvent | undefined;
        if (event !== undefined) {
          const next = tableOf(w.state.transactions.byId.get(id)!.type).next(model.get(id)!, event);
          expect(next).toBeDefined();
          model.set(id, next!);
        }
      } else expect(response.events).toEqual([]);
    } else if (c.kind === 'wait') {
      w.now = later(w.now, c.ms);
      w.advance();
      for (const [id, state] of model) {
        const tx = w.state.transactions.byId.get(id)!;
        // The approval timeout fired for every payment whose window has closed.
        if (state === 'PENDING_APPROVAL' && lifecycleStateOf(tx) !== 'PENDING_APPROVAL') {
          expect(tx).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' });
          model.set(id, 'FAILED');
        }
      }
    }
    if (w.log.length === logLength) expect(stateText(w.engine)).toBe(before);
    for (const [id, state] of model) {
      const tx = w.state.transactions.byId.get(id)!;
      expect(lifecycleStateOf(tx)).toBe(state);
      expect(transactionProblems(tx)).toEqual([]);
    }
    expect(w.state.ledger.checkInvariants()).toEqual([]);
  }
  return w;
}

describe('transaction lifecycles over generated sequences', () => {
  it('follow the tables, reject without effect and keep every record sound', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 25 }), (commands) => void run(commands)), { numRuns: RUNS });
  });

  it('replay to the live state, and a snapshot plus the rest of the log does too', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), fc.nat(), (commands, cut) => {
        const w = run(commands);
        const live = stateText(w.engine);
        expect(stateText(createEngine({ events: w.log }))).toBe(live);
        const prefix = w.log.slice(0, 1 + (cut % w.log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        const resumed = createEngine({ snapshot, events: w.log.slice(prefix.length) });
        expect(stateText(resumed)).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
