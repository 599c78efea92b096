/**
 * One coin's operations and one agent's actions (issue 16, "Lists scoped to an owner" in
 * docs/performance.md): a 100-item page read from the per-owner indexes with 1k and 1M records of
 * one owner, by direct calls on synthetic stores (a million operations or actions through `handle`
 * would take hours here; these records hold only the fields the lists read), beside the former
 * scans. Median µs. Run: `npx tsx benchmarks/owner-lists.ts`.
 */
import { emptyListIndexes } from '../src/domains/listing/store.js';
import { catchUpStablecoinOperationList } from '../src/domains/listing/stablecoin-operations.js';
import { listStablecoinOperationPage } from '../src/domains/listing/stablecoin-operation-page.js';
import { catchUpAgentActionList } from '../src/domains/listing/agent-actions.js';
import { listAgentActionPage } from '../src/domains/listing/agent-action-page.js';
import { emptyStablecoinStore } from '../src/domains/stablecoins/store.js';
import { addAction, emptyAgentStore } from '../src/domains/agents/store.js';
import { listOperations } from '../src/domains/stablecoins/list.js';
import { listActions } from '../src/domains/agents/list.js';

const OP_STATUSES = ['CREATED', 'PENDING_FUNDING', 'COMPLETED', 'FAILED'];
const ACT_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'];
function median(f: () => unknown, reps: number): number {
  const t: number[] = [];
  for (let i = 0; i < reps; i += 1) { const s = process.hrtime.bigint(); f(); t.push(Number(process.hrtime.bigint() - s) / 1e3); }
  t.sort((a, b) => a - b); return Math.round(t[Math.floor(reps / 2)]!);
}
function build(n: number) {
  const stablecoins = emptyStablecoinStore() as any;
  const agents = emptyAgentStore() as any;
  stablecoins.operationsByCoin.set('C', []);
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i += 1) {
    const at = new Date(base + Math.floor(i / 10)).toISOString();
    const op = { id: `Op:${i}`, stablecoinId: 'C', type: i % 3 === 0 ? 'BURN' : 'MINT', status: OP_STATUSES[i % 4], createdAt: at };
    stablecoins.operations.set(op.id, op); stablecoins.operationOrder.push(op.id); stablecoins.operationsByCoin.get('C').push(op.id);
    const action = { id: `Act:${i}`, agentId: 'A', customerId: 'Cu', status: ACT_STATUSES[i % 4], createdAt: at };
    addAction(agents, action as any);
  }
  const lists = emptyListIndexes();
  catchUpStablecoinOperationList(stablecoins, lists.stablecoinOperations);
  catchUpAgentActionList(agents, lists.agentActions);
  return { stablecoins, agents, lists } as any;
}
const out: Record<string, unknown> = {};
for (const [key, n] of [["warm-up 1k", 1_000], ["1M", 1_000_000], ["1k", 1_000]] as const) {
  const state = build(n);
  const reps = 200;
  const mid = Math.floor(n / 2);
  out[key] = {
    coinOps: median(() => listStablecoinOperationPage(state, 'C', {}, { limit: 100, position: 0 }), reps),
    coinOpsCompleted: median(() => listStablecoinOperationPage(state, 'C', { status: 'COMPLETED' }, { limit: 100, position: 0 }), reps),
    coinOpsMiddle: median(() => listStablecoinOperationPage(state, 'C', { type: 'MINT' }, { limit: 100, position: mid }), reps),
    agentActions: median(() => listAgentActionPage(state, 'A', {}, { limit: 100, position: 0 }), reps),
    agentActionsPending: median(() => listAgentActionPage(state, 'A', { status: 'PENDING_APPROVAL' }, { limit: 100, position: 0 }), reps),
    agentActionsMiddle: median(() => listAgentActionPage(state, 'A', { status: 'APPROVED' }, { limit: 100, position: mid }), reps),
    scanCoinOps: median(() => listOperations(state.stablecoins, 'C', {}, { limit: 100, position: 0 }), n > 1000 ? 5 : reps),
    scanAgentActions: median(() => listActions(state, { agentId: 'A', status: 'PENDING_APPROVAL' }, { limit: 100, position: 0 }), n > 1000 ? 5 : reps),
  };
}
console.log(JSON.stringify(out));
