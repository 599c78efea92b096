/**
 * The shape of a domain's evolve step: apply one logged event to the state, in place. Evolvers
 * trust the log (deciders checked everything before the event was written) and assert the rest.
 */
import type { EventEnvelope } from '../log/index.js';
import type { DomainState } from './state.js';

/**
 * How an event is being applied. `recheckRecords`: re-validate each whole stored record after
 * the move (a transaction's soundness, a card transaction's hold against the ledger). `handle`
 * always rechecks, as do the simulator's rebuild checks; replay does not by default, since the
 * log was checked when it was written and its hash chain proves it unchanged. The cheap checks
 * (a move is a row of its table, from where the record stands; ids known) run either way.
 */
export type EvolveContext = { readonly recheckRecords: boolean };

/** The context of `handle`, and of a replay asked to recheck (`recheckRecords: true`). */
export const RECHECKED: EvolveContext = Object.freeze({ recheckRecords: true });

/** The context of a plain replay: the log is trusted for what deciders checked. */
export const TRUSTED: EvolveContext = Object.freeze({ recheckRecords: false });

/** Applies one event of a known type (`context` says whether to recheck whole records). */
export type Evolver = (state: DomainState, event: EventEnvelope, context: EvolveContext) => void;

/** Evolvers by event type. */
export type EvolverTable = Readonly<Record<string, Evolver>>;

/** An event a decider wants appended; the engine adds seq, id, time, version and hash. */
export type EventDraft = { readonly type: string; readonly data: unknown; readonly version?: number };
