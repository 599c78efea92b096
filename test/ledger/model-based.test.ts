/**
 * Model-based test: random command sequences (open account, posted and pending transfers, full
 * and partial posts, voids, expiries, linked batches, snapshot round trips) run against the
 * ledger and the naive model. After every command both answered the same, the ledger's
 * invariants hold, and every query agrees with the model.
 */
import { describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { Ledger } from '../../src/ledger/index.js';
import { LedgerModel } from './model.js';
import {
  NUM_RUNS,
  START_MS,
  applyOp,
  batchOpArb,
  dumpLedger,
  expireOpArb,
  newOpArb,
  openOpArb,
  probeTimes,
  resolveOpArb,
  setupArb,
  show,
  type Op,
} from './support.js';

type Model = { ledger: LedgerModel; clockMs: number };
type Real = { ledger: Ledger };

function checkAgreement(model: Model, real: Real): void {
  const violations = real.ledger.checkInvariants();
  expect(violations, show(violations)).toEqual([]);
  const times = probeTimes(START_MS, model.clockMs);
  expect(dumpLedger(real.ledger, times)).toEqual(dumpLedger(model.ledger, times));
}

class OpCommand implements fc.Command<Model, Real> {
  constructor(readonly op: Op) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const expected = applyOp(model.ledger, this.op, model.clockMs);
    const actual = applyOp(real.ledger, this.op, model.clockMs);
    expect(actual.outcome).toEqual(expected.outcome);
    model.clockMs = expected.clockMs;
    checkAgreement(model, real);
  }
  toString(): string {
    return show(this.op);
  }
}

class SnapshotCommand implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const snapshot = real.ledger.toSnapshot();
    const rebuilt = Ledger.fromSnapshot(JSON.parse(JSON.stringify(snapshot)));
    expect(rebuilt.toSnapshot()).toEqual(snapshot);
    real.ledger = rebuilt;
    checkAgreement(model, real);
  }
  toString(): string {
    return 'snapshot round trip';
  }
}

const commands = fc.commands(
  [
    openOpArb.map((op) => new OpCommand(op)),
    openOpArb.map((op) => new OpCommand(op)),
    newOpArb.map((op) => new OpCommand(op)),
    newOpArb.map((op) => new OpCommand(op)),
    newOpArb.map((op) => new OpCommand(op)),
    newOpArb.map((op) => new OpCommand(op)),
    resolveOpArb.map((op) => new OpCommand(op)),
    resolveOpArb.map((op) => new OpCommand(op)),
    expireOpArb.map((op) => new OpCommand(op)),
    batchOpArb.map((op) => new OpCommand(op)),
    batchOpArb.map((op) => new OpCommand(op)),
    fc.constant(new SnapshotCommand()),
  ],
  { maxCommands: 80, size: '+1' },
);

describe('ledger against a naive model', () => {
  it('agrees with the model on every result, balance, row, transfer and invariant after every command', () => {
    fc.assert(
      fc.property(setupArb, commands, (setup, cmds) => {
        fc.modelRun(() => {
          const model: Model = { ledger: new LedgerModel(), clockMs: START_MS };
          const real: Real = { ledger: new Ledger() };
          for (const op of setup) {
            applyOp(model.ledger, op, START_MS);
            applyOp(real.ledger, op, START_MS);
          }
          return { model, real };
        }, cmds);
      }),
      { numRuns: NUM_RUNS },
    );
  }, Math.max(60_000, NUM_RUNS * 300)); // FC_NUM_RUNS=2000 (npm run test:slow) needs minutes
});
