/**
 * Lifecycles: an xstate machine is the single source of which transitions are legal; replay and
 * deciders use a plain table derived from it once (xstate per event is ~100x slower than a map
 * lookup). `transitionTable` walks every (state, event) pair of a flat machine through xstate's
 * pure `transition`, so the table agrees with the machine by construction, and tests re-check it.
 */
import { type AnyStateMachine, transition } from 'xstate';

/** The legal transitions of a lifecycle as plain data: `next(state, event)` or undefined. */
export type TransitionTable<S extends string, E extends string> = {
  readonly states: readonly S[];
  readonly events: readonly E[];
  readonly next: (state: S, event: E) => S | undefined;
  /** The rows of the table, for docs and tests. */
  readonly rows: readonly { readonly from: S; readonly event: E; readonly to: S }[];
};

/** Asks the machine itself where `event` leads from `state`; undefined when it is not handled. */
export function machineNext(machine: AnyStateMachine, state: string, event: string): string | undefined {
  const snapshot = machine.resolveState({ value: state, context: machine.config.context ?? {} });
  if (!snapshot.can({ type: event })) return undefined;
  const [next] = transition(machine, snapshot, { type: event });
  return String(next.value);
}

/** Derives the full table of a flat machine. Pure; call once at module load. */
export function transitionTable<S extends string, E extends string>(machine: AnyStateMachine): TransitionTable<S, E> {
  const states = Object.keys(machine.root.states) as S[];
  const events = [...new Set(machine.events as string[])] as E[];
  // A map per state, not one keyed by `${state}|${event}`: replay asks once or twice per event,
  // and a joined key is a new string to allocate and hash every time, where the stored status
  // strings carry their hash after their first lookup.
  const byState = new Map<string, Map<string, S>>();
  const rows: { from: S; event: E; to: S }[] = [];
  for (const from of states) {
    const row = new Map<string, S>();
    byState.set(from, row);
    for (const event of events) {
      const to = machineNext(machine, from, event) as S | undefined;
      if (to === undefined) continue;
      row.set(event, to);
      rows.push({ from, event, to });
    }
  }
  return { states, events, rows, next: (state, event) => byState.get(state)?.get(event) };
}

/**
 * The states from which no sequence of transitions reaches one where `event` is legal: once a
 * record is in one, whatever only `event` reads is never read again. Pure; call once at module load.
 */
export function statesNeverReaching<S extends string, E extends string>(table: TransitionTable<S, E>, event: E): ReadonlySet<S> {
  const reaching = new Set<S>(table.states.filter((state) => table.next(state, event) !== undefined));
  // Grows backwards along the rows until nothing is added (a table has a handful of states).
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table.rows) {
      if (reaching.has(row.to) && !reaching.has(row.from)) {
        reaching.add(row.from);
        grew = true;
      }
    }
  }
  return new Set(table.states.filter((state) => !reaching.has(state)));
}
