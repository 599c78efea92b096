/**
 * A customer's position list found by the customer's row in the customer store
 * (`customers.byId.positionOf`: its creation order, stable as customers are never removed) rather
 * than by its id: one Int32 a customer, the handle plus one (0: no list yet), where a
 * `PackedKeyMap` of the ids cost ~33 B a customer (docs/performance.md, stop 33). Pure.
 */
import { assert } from '../../core/assert.js';
import { NO_LIST } from '../../core/position-arena.js';
import { appendToList, type ListArena } from './list-arena.js';
import { int32WithRoom } from '../../core/typed-growth.js';
import type { CustomerStore } from '../customers/store.js';

/** An index whose customers' lists are found by row: `byCustomerRow[row]` is the list's handle plus one, 0 when it has none. */
export type ByCustomerRow = { byCustomerRow: Int32Array };

/** The customers a row is read from. */
export type CustomerRows = { readonly customers: Pick<CustomerStore, 'byId'> };

/** The handle of `customerId`'s list (`NO_LIST`: none, or no such customer). */
export function customerList(state: CustomerRows, index: ByCustomerRow, customerId: string): number {
  return listOfRow(index, state.customers.byId.positionOf(customerId));
}

/** The handle of the list of the customer at `row` (`NO_LIST`: none; -1 rows have none). */
export function listOfRow(index: ByCustomerRow, row: number): number {
  const lists = index.byCustomerRow;
  return row < 0 || row >= lists.length ? NO_LIST : lists[row]! - 1;
}

/** Appends `position` to `customerId`'s list in `arena` and returns the list's handle (a listed record's customer is always in the store). */
export function pushCustomerPosition(state: CustomerRows, arena: ListArena, index: ByCustomerRow, customerId: string, position: number): number {
  const row = state.customers.byId.positionOf(customerId);
  if (row < 0) assert(false, `list index: no customer ${customerId}`);
  const list = listOfRow(index, row);
  const moved = appendToList(arena, list, position);
  if (moved !== list) {
    index.byCustomerRow = int32WithRoom(index.byCustomerRow, row);
    index.byCustomerRow[row] = moved + 1;
  }
  return moved;
}

/** Each customer with a list, as [customer id, handle], in row order (tests and tools; not a page path). */
export function customerLists(state: CustomerRows, index: ByCustomerRow): [string, number][] {
  const out: [string, number][] = [];
  index.byCustomerRow.forEach((stored, row) => {
    if (stored !== 0) out.push([state.customers.byId.keyAt(row), stored - 1]);
  });
  return out;
}
