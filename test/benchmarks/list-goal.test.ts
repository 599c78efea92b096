/**
 * The verdict `npm run bench` prints for issue 16's list goal (benchmarks/list-goal.ts), and the
 * list kinds the benchmark appends (benchmarks/list-workload.ts): every kind's events replay
 * into an engine built from the API-driven base log, and its list counts what was appended.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { judgeList, judgeLists, type ListSides, pageRatio } from '../../benchmarks/list-goal.js';
import { LIST_KINDS, listEvents } from '../../benchmarks/list-workload.js';
import { basicAuthorization } from '../../src/api/auth.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import type { EventEnvelope } from '../../src/log/index.js';

const side = (micros: number, pageItems = 100, walk = 1, middleWalk = walk) => ({
  micros,
  pageItems,
  deep: { micros, pageItems },
  walkMicrosPerItem: walk,
  middleWalkMicrosPerItem: middleWalk,
  hasTotalCount: true,
});

describe('list goal verdict', () => {
  it('compares full pages by page and a short small page by item', () => {
    expect(pageRatio({ micros: 100, pageItems: 100 }, { micros: 150, pageItems: 100 })).toEqual({ ratio: 1.5, byItem: false });
    // 16 items in 40 µs (2.5 µs each) against 100 in 300 µs (3 µs each).
    expect(pageRatio({ micros: 40, pageItems: 16 }, { micros: 300, pageItems: 100 })).toEqual({ ratio: 1.2, byItem: true });
  });

  it('meets the goal within 2 and misses it past 2 on the first page or the middle page', () => {
    const sides = (over: Partial<ListSides['big']>): ListSides => ({ small: side(100), big: { ...side(100), ...over } });
    expect(judgeList(sides({ micros: 200 })).met).toBe(true);
    expect(judgeList(sides({ micros: 201 })).met).toBe(false);
    expect(judgeList(sides({ deep: { micros: 250, pageItems: 100 } }))).toMatchObject({ met: false, worst: 2.5 });
    // The walks are reported, not judged (memory layout and caches).
    const walked = judgeList(sides({ walkMicrosPerItem: 3, middleWalkMicrosPerItem: 7.5 }));
    expect(walked).toMatchObject({ met: true, worst: 1, walk: { ratio: 2.5 }, walkBySize: { ratio: 3 } });
  });

  it('misses the goal without a totalCount, and names every list that misses', () => {
    const noCount: ListSides = { small: side(100), big: { ...side(100), hasTotalCount: false } };
    expect(judgeList(noCount).met).toBe(false);
    const ok = judgeList({ small: side(100), big: side(120) });
    const slow = judgeList({ small: side(100), big: side(900) });
    expect(judgeLists({ a: ok, b: slow, c: judgeList(noCount) })).toEqual({ met: false, worst: { list: 'b', ratio: 9 }, missed: ['b', 'c'] });
    expect(judgeLists({ a: ok })).toEqual({ met: true, worst: { list: 'a', ratio: 1.2 }, missed: [] });
    expect(judgeLists({}).met).toBe(false);
  });
});

describe('list workload kinds', () => {
  const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;
  const AUTH = basicAuthorization(SANDBOX_CREDENTIAL);
  let log: readonly EventEnvelope[];
  beforeAll(() => {
    log = apiWorkload({ events: 3_000 }).log;
  });
  const get = (engine: Engine, path: string) => engine.handle({ method: 'GET', path, headers: { authorization: AUTH } }, { now: Date.UTC(2035, 0, 1) }).response as { status: number; body: any };
  const countOf = (engine: Engine, path: string): number => {
    const answer = get(engine, `${path}${path.includes('?') ? '&' : '?'}limit=1`);
    expect(answer.status).toBe(200);
    return answer.body.totalCount;
  };
  const window = 'startDate=2020-01-01T00:00:00.000Z&endDate=2034-01-01T00:00:00.000Z';

  it.each(['cardTransactions', 'stablecoinOperations', 'balanceChanges'] as const)('%s: 250 items replay and are listed', (kind) => {
    expect(LIST_KINDS).toContain(kind);
    const engine = createEngine({ ...OPTIONS, events: log });
    const source = listEvents(engine, log, kind);
    const pathOf = {
      cardTransactions: '/transactions?type=CARD',
      stablecoinOperations: `/stablecoins/${source.stablecoinId}/operations`,
      balanceChanges: `/internal-accounts/${source.balanceAccount}/balance-changes?${window}`,
    }[kind];
    const before = countOf(engine, pathOf);
    engine.replay(source.next(250));
    expect(countOf(engine, pathOf) - before).toBe(250);
    expect(engine.state.ledger.checkInvariants()).toEqual([]);
    if (kind === 'stablecoinOperations') {
      // By turn of five: one left CREATED, one PENDING_FUNDING, two EXPIRED, one COMPLETED.
      expect(countOf(engine, `${pathOf}?status=EXPIRED`)).toBe(100);
      expect(countOf(engine, `${pathOf}?status=PENDING_FUNDING`)).toBe(50);
    }
  });
});
