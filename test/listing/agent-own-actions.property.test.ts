/**
 * One agent's actions read from the list index (listing/agent-actions.ts: a list per agent in an
 * arena with times and codes, and a `CodeIndex` for an agent past one block) answer as the scan of
 * the agent's actions (`listActions`) and as a plain filter of them by status and creation range,
 * under any sequence of creations and status moves, whether the index was kept live or rebuilt
 * from the store; lists long enough to pass `CODE_BLOCK_SIZE` included. So do a customer's actions
 * of a status (every agent's, `listAllAgentActionPage`), short and long customer lists.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { listActions } from '../../src/domains/agents/list.js';
import { addAction, emptyAgentStore } from '../../src/domains/agents/store.js';
import { AGENT_ACTION_STATUSES, type AgentAction } from '../../src/domains/agents/types.js';
import { type ActionOrder, listAgentActionPage, listAllAgentActionPage } from '../../src/domains/listing/agent-action-page.js';
import { catchUpAgentActionList, emptyAgentActionListIndex, syncAgentActionStatus } from '../../src/domains/listing/agent-actions.js';
import { CODE_BLOCK_SIZE } from '../../src/domains/listing/code-index.js';
import type { DomainState } from '../../src/domains/state.js';

const uuid = (n: number): string => `019b8ee3-12dd-77a1-8e94-${n.toString(16).padStart(12, '0')}`;
const AGENTS = [`Agent:${uuid(1)}`, `Agent:${uuid(2)}`, `Agent:${uuid(3)}`];
const customerOf = (agent: number): string => `Customer:${uuid(100 + (agent % 2))}`;
const BASE_MS = Date.parse('2026-01-01T00:00:00Z');

type Step = { readonly create: number; readonly laterMs: number } | { readonly move: number; readonly status: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  // Mostly the first agent, so that its list passes one block.
  { weight: 3, arbitrary: fc.record({ create: fc.constantFrom(0, 0, 0, 0, 0, 1, 2), laterMs: fc.constantFrom(0, 0, 1, 1000) }) },
  { weight: 1, arbitrary: fc.record({ move: fc.nat(400), status: fc.nat(AGENT_ACTION_STATUSES.length - 1) }) },
);

/** The agent store after `steps` (creations and status moves), its index kept live, and one rebuilt from the store. */
function played(steps: readonly Step[]): { agents: ReturnType<typeof emptyAgentStore>; index: ReturnType<typeof emptyAgentActionListIndex>; state: DomainState; states: DomainState[]; atMs: number } {
  const agents = emptyAgentStore();
  const index = emptyAgentActionListIndex();
  const state = { agents, lists: { agentActions: index } } as unknown as DomainState;
  const created: AgentAction[] = [];
  let atMs = BASE_MS;
  for (const s of steps) {
    if ('create' in s) {
      atMs += s.laterMs;
      const at = new Date(atMs).toISOString();
      const action: AgentAction = { id: `AgentAction:${uuid(created.length)}`, agentId: AGENTS[s.create]!, customerId: customerOf(s.create), type: 'EXECUTE_QUOTE', status: 'PENDING_APPROVAL', quoteId: `Quote:${uuid(created.length)}`, createdAt: at, updatedAt: at };
      addAction(agents, action);
      created.push(action);
      catchUpAgentActionList(agents, index);
    } else if (created.length > 0) {
      const old = agents.actions.get(created[s.move % created.length]!.id)!;
      const moved = { ...old, status: AGENT_ACTION_STATUSES[s.status]! };
      agents.actions.set(moved.id, moved);
      syncAgentActionStatus(agents, index, moved);
    }
  }
  const rebuilt = emptyAgentActionListIndex();
  catchUpAgentActionList(agents, rebuilt);
  const states = [state, { agents, lists: { agentActions: rebuilt } } as unknown as DomainState];
  return { agents, index, state, states, atMs };
}

describe("one agent's actions in the list index", () => {
  test.prop([fc.array(step, { minLength: 220, maxLength: 320 })], { numRuns: 25 })('answer as the scan and as a plain filter of the agent\'s actions', (steps) => {
    const { agents, index, state, states, atMs } = played(steps);
    const times = [BASE_MS - 1, BASE_MS, BASE_MS + 1, atMs - 1000, atMs, atMs + 1];
    for (const agentId of [...AGENTS, 'Agent:none']) {
      const mine = [...(agents.actionsByAgent.get(agentId) ?? [])].map((id) => agents.actions.get(id)!);
      for (const status of [undefined, ...AGENT_ACTION_STATUSES]) {
        const filters = status === undefined ? {} : { status };
        for (const read of states) {
          for (const limit of [1, 7, 1000]) {
            for (const position of [0, 1, 5, CODE_BLOCK_SIZE, CODE_BLOCK_SIZE + 3, 10_000]) {
              expect(listAgentActionPage(read, agentId, filters, { limit, position })).toEqual(listActions(state, { agentId, ...filters }, { limit, position }));
            }
          }
          for (const createdAfterMs of [undefined, ...times]) {
            for (const createdBeforeMs of [undefined, ...times]) {
              for (const newestFirst of [false, true]) {
                const order: ActionOrder = { ...(createdAfterMs === undefined ? {} : { createdAfterMs }), ...(createdBeforeMs === undefined ? {} : { createdBeforeMs }), newestFirst };
                const matches = mine.filter((a) => (status === undefined || a.status === status) && (createdAfterMs === undefined || Date.parse(a.createdAt) >= createdAfterMs) && (createdBeforeMs === undefined || Date.parse(a.createdAt) < createdBeforeMs));
                const page = listAgentActionPage(read, agentId, filters, { limit: 1000, position: 0 }, order);
                expect([page.totalCount, page.items.map((a) => a.id)]).toEqual([matches.length, (newestFirst ? [...matches].reverse() : matches).map((a) => a.id)]);
              }
            }
          }
        }
      }
    }
    expect(index.ownLongStatus.has(AGENTS[0]!)).toBe((agents.actionsByAgent.get(AGENTS[0]!)?.length ?? 0) > CODE_BLOCK_SIZE);
  });

  test.prop([fc.array(step, { minLength: 220, maxLength: 320 })], { numRuns: 15 })('a customer\'s actions of a status answer as the scan, its list long or short', (steps) => {
    const { agents, index, state, states } = played(steps);
    // Each customer's actions of a status (GET /agents/approvals with a customer): a long list's
    // trees (customer 100, agents 0 and 2) and a short list's scanned code bytes (customer 101).
    for (const customerId of [customerOf(0), customerOf(1), 'Customer:none']) {
      for (const status of [undefined, ...AGENT_ACTION_STATUSES]) {
        const filters = status === undefined ? { customerId } : { customerId, status };
        for (const read of states) {
          for (const [limit, position] of [[1000, 0], [7, 0], [7, CODE_BLOCK_SIZE + 3], [1, 5]] as const) {
            expect(listAllAgentActionPage(read, filters, { limit, position })).toEqual(listActions(state, filters, { limit, position }));
          }
        }
      }
    }
    const ofCustomer = (id: string) => [...agents.actionOrder].filter((action) => agents.actions.get(action)!.customerId === id).length;
    expect([index.longStatusByCustomer.has(customerOf(0)), index.longStatusByCustomer.has(customerOf(1))]).toEqual([ofCustomer(customerOf(0)) > CODE_BLOCK_SIZE, ofCustomer(customerOf(1)) > CODE_BLOCK_SIZE]);
  }, 240_000);
});
