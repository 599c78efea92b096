import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machineNext, transitionTable } from '../../src/domains/lifecycle.js';

const machine = setup({ types: {} as { events: { type: 'GO' } | { type: 'BACK' } | { type: 'END' } } }).createMachine({
  id: 'sample',
  initial: 'A',
  states: { A: { on: { GO: 'B' } }, B: { on: { BACK: 'A', END: 'C' } }, C: { type: 'final' } },
});

describe('transitionTable', () => {
  const table = transitionTable<'A' | 'B' | 'C', 'GO' | 'BACK' | 'END'>(machine);

  it('lists exactly the transitions the machine handles', () => {
    expect(table.rows).toEqual([
      { from: 'A', event: 'GO', to: 'B' },
      { from: 'B', event: 'BACK', to: 'A' },
      { from: 'B', event: 'END', to: 'C' },
    ]);
  });

  it('agrees with the machine on every state and event, including the refused ones', () => {
    for (const state of table.states) {
      for (const event of table.events) expect(table.next(state, event)).toBe(machineNext(machine, state, event));
    }
    expect(table.next('C', 'GO')).toBeUndefined();
    expect(table.next('A', 'END')).toBeUndefined();
  });
});
