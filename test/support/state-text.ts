/**
 * The whole derived state of an engine as one comparable string (the engine snapshot as JSON,
 * bigints marked), for "replay equals live" and "a rejection changes nothing" properties. The
 * list indexes are left out: they are derived from the stores, and one rebuilt from an older
 * snapshot may differ from the live one in ways no answer shows (a status tree kept empty);
 * their answers are compared instead (test/listing).
 */
import type { Engine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';

/** `engine`'s state at its head, as text; equal texts mean equal states. */
export function stateText(engine: Engine): string {
  const { lists: _lists, ...stores } = snapshotOf(engine.state, engine.head());
  return JSON.stringify(stores, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
}
