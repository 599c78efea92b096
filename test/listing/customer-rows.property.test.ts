/**
 * Customers' position lists found by the customer's row in the store (`customer-rows.ts`, stop 33)
 * against a Map of lists by id: any order of appends over customers created in any order, the
 * row table grown past its first 256 slots, an unknown customer with no list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerList, customerLists, pushCustomerPosition, type CustomerRows } from '../../src/domains/listing/customer-rows.js';
import { emptyPositionArena, listMembers } from '../../src/core/position-arena.js';

/** A customer store of `ids` (row k: ids[k]), as much of one as the lists read. */
function customersOf(ids: readonly string[]): CustomerRows {
  const rows = new Map(ids.map((id, row) => [id, row]));
  return { customers: { byId: { positionOf: (id: string) => rows.get(id) ?? -1, keyAt: (row: number) => ids[row]! } } } as unknown as CustomerRows;
}

describe('customer lists by row', () => {
  it('hold what a Map of lists by id holds, for any appends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.array(fc.nat(), { maxLength: 500, size: 'max' }), (customers, picks) => {
        const ids = Array.from({ length: customers }, (_, k) => `Customer:${(k * 7919) % 100_003}`);
        const state = customersOf(ids);
        const arena = emptyPositionArena(false, true, true);
        const index = { byCustomerRow: new Int32Array(0) };
        const model = new Map<string, number[]>();
        picks.forEach((pick, position) => {
          const id = ids[pick % customers]!;
          pushCustomerPosition(state, arena, index, id, position);
          model.set(id, [...(model.get(id) ?? []), position]);
        });
        for (const id of ids) expect(listMembers(arena, customerList(state, index, id))).toEqual(model.get(id) ?? []);
        expect(listMembers(arena, customerList(state, index, 'Customer:unknown'))).toEqual([]);
        const byRow = [...model.keys()].sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
        expect(customerLists(state, index).map(([id, list]) => [id, listMembers(arena, list)])).toEqual(byRow.map((id) => [id, model.get(id)]));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a customer the store does not hold', () => {
    const state = customersOf(['Customer:1']);
    expect(() => pushCustomerPosition(state, emptyPositionArena(), { byCustomerRow: new Int32Array(0) }, 'Customer:2', 0)).toThrow(/no customer/);
  });
});
