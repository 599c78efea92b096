/** Rebuilds the list indexes from restored stores (a snapshot before `@3` carries none; a later one may lack one added since). */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { isPositionArena } from '../../core/position-arena.js';
import { isOffsetArena } from './offset-arena.js';
import type { DomainState } from '../state.js';
import { catchUpAgentActionList } from './agent-actions.js';
import { catchUpAgentList } from './agents.js';
import { catchUpCardList } from './cards.js';
import { catchUpCustomerList } from './customers.js';
import { catchUpExternalAccountList } from './external-accounts.js';
import { catchUpQuoteList } from './quote-upkeep.js';
import { catchUpStablecoinOperationList } from './stablecoin-operations.js';
import { emptyListIndexes, type ListIndexes } from './store.js';
import { catchUpTransactionList } from './transactions.js';

/**
 * Indexes built from the stores of `state` as they stand: equal to the ones kept live while they
 * were written. Given `lists` (a snapshot's), each index is completed with what its store holds
 * beyond it (nothing, when the snapshot held it whole) and returned; an index saved before a
 * field was added to it (an older snapshot's) is made again from the store.
 */
export function rebuildListIndexes(state: Omit<DomainState, 'lists'>, saved: ListIndexes = emptyListIndexes()): ListIndexes {
  const lists = completeShapes(saved);
  catchUpTransactionList(state, lists.transactions);
  catchUpQuoteList(state, lists.quotes);
  catchUpExternalAccountList(state.externalAccounts, lists.externalAccounts);
  catchUpAgentActionList(state.agents, lists.agentActions);
  catchUpAgentList(state.agents, lists.agents);
  catchUpCustomerList(state.customers, lists.customers);
  catchUpCardList(state.cards, lists.cards);
  catchUpStablecoinOperationList(state.stablecoins, lists.stablecoinOperations);
  return lists;
}

/**
 * `lists` with every index lacking a field of the current shape (or absent), or holding an arena
 * whose members carry times or codes the shape's do not (or the reverse), replaced by an empty
 * one, each id-keyed map the shape packs (`PackedKeyMap`) packed again (a snapshot's data
 * codec gives plain Maps back), and the fields the shape no longer has dropped. An index the shape no longer has is dropped (the customer payment
 * lists, before stop 31: `GET /agents/me/transactions` reads the transaction index), so that no
 * state holds it nor a later snapshot saves it.
 */
function completeShapes(lists: ListIndexes): ListIndexes {
  const empty = emptyListIndexes();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(empty) as (keyof ListIndexes)[]) {
    const index = lists[key] as Record<string, unknown> | undefined;
    const shape = empty[key] as Record<string, unknown>;
    if (index === undefined || Object.entries(shape).some(([field, empty]) => !(field in index) || !sameArenaColumns(empty, index[field]))) out[key] = shape;
    else out[key] = withPackedKeys(index, shape);
  }
  return out as ListIndexes;
}

/**
 * `index` with only the fields `shape` holds (a field an index no longer has, such as the
 * transaction index's place per position before stop 32, is dropped: no state holds it nor a
 * later snapshot saves it), each that `shape` holds as an empty `PackedKeyMap` copied into one (in
 * order) when it is a plain Map.
 */
function withPackedKeys(index: Record<string, unknown>, shape: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, empty] of Object.entries(shape)) {
    const saved = index[field];
    out[field] = saved;
    if (!(empty instanceof PackedKeyMap) || !(saved instanceof Map) || saved instanceof PackedKeyMap) continue;
    for (const [mapKey, value] of saved) empty.set(mapKey, value);
    out[field] = empty;
  }
  return out;
}

/**
 * False when one of `shape` and `saved` is an offset arena and the other not, or both are and
 * only one has codes; when `shape` is a position arena and `saved` one with times or codes where `shape` has
 * none, or the reverse (the customer payment lists, gone since stop 31, carried times before stop 28), or with blocks
 * of other sizes (the transaction lists doubled theirs before stop 29: a saved arena lacks
 * `grownByHalf`, doubled).
 */
function sameArenaColumns(shape: unknown, saved: unknown): boolean {
  // An offset arena (the transaction and quote lists since stop 34) saved where the shape has a
  // position arena, or the reverse, is another kind of list: made again.
  if (isOffsetArena(shape) || isOffsetArena(saved)) return isOffsetArena(shape) && isOffsetArena(saved) && (shape.codes === undefined) === (saved.codes === undefined);
  if (!isPositionArena(shape) || !isPositionArena(saved)) return true;
  return (shape.times === undefined) === (saved.times === undefined) && (shape.codes === undefined) === (saved.codes === undefined) && shape.grownByHalf === (saved.grownByHalf === true);
}
