/**
 * The whole derived state of an engine as one comparable string (the engine snapshot as JSON,
 * bigints marked), for "replay equals live" and "a rejection changes nothing" properties.
 */
import type { Engine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';

/** `engine`'s state at its head, as text; equal texts mean equal states. */
export function stateText(engine: Engine): string {
  return JSON.stringify(snapshotOf(engine.state, engine.head()), (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
}
