/**
 * The return lifecycle of a deposit (one return, one dishonor of it, one contest of that; a return
 * or contest either takes the credit or is absorbed): the derived table has exactly these rows and
 * agrees with the xstate machine on every state and event, refused ones included.
 */
import { describe, expect, it } from 'vitest';
import { RETURN_TABLE, returnMachine } from '../../src/domains/deposits/return-lifecycle.js';
import { machineNext } from '../../src/domains/lifecycle.js';

describe('the deposit return lifecycle', () => {
  it('has exactly the rows of ACH’s rules', () => {
    expect(RETURN_TABLE.rows).toEqual([
      { from: 'NONE', event: 'RETURN_TAKEN', to: 'RETURNED' },
      { from: 'NONE', event: 'RETURN_ABSORBED', to: 'RETURN_ABSORBED' },
      { from: 'RETURNED', event: 'DISHONORED', to: 'DISHONORED' },
      { from: 'DISHONORED', event: 'CONTEST_TAKEN', to: 'CONTESTED' },
      { from: 'DISHONORED', event: 'CONTEST_ABSORBED', to: 'CONTEST_ABSORBED' },
    ]);
  });

  it('agrees with the machine on every state and event', () => {
    for (const state of RETURN_TABLE.states) {
      for (const event of RETURN_TABLE.events) expect(RETURN_TABLE.next(state, event)).toBe(machineNext(returnMachine, state, event));
    }
    expect(RETURN_TABLE.next('CONTESTED', 'DISHONORED')).toBeUndefined();
  });
});
