/**
 * The shape of a domain's evolve step: apply one logged event to the state, in place. Evolvers
 * trust the log (deciders checked everything before the event was written) and assert the rest.
 */
import type { EventEnvelope } from '../log/index.js';
import type { DomainState } from './state.js';

/** Applies one event of a known type. */
export type Evolver = (state: DomainState, event: EventEnvelope) => void;

/** Evolvers by event type. */
export type EvolverTable = Readonly<Record<string, Evolver>>;

/** An event a decider wants appended; the engine adds seq, id, time, version and hash. */
export type EventDraft = { readonly type: string; readonly data: unknown; readonly version?: number };
