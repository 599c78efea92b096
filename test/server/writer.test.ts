import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/log/index.js';
import type { EventStore } from '../../src/server/event-store.js';
import { openFileStore } from '../../src/server/file-store.js';
import { createWriter, type Writer } from '../../src/server/writer.js';
import { DEMO_SCRIPT } from '../../src/cli/demo.js';
import type { ScriptRequest } from '../../src/cli/script.js';
import { resolveTemplates } from '../../src/cli/templates.js';
import { AUTH, tempDir } from './support.js';

/** Wraps a real store: counts appends, and fails the next ones on demand. */
function instrumented(store: EventStore): EventStore & { appends: number; failAppend: number; gate: Promise<void> } {
  const wrapper = {
    appends: 0,
    /** The 1-based number of the append to fail (0: none). */
    failAppend: 0,
    /** Every append waits for this first. */
    gate: Promise.resolve(),
    load: (after?: number) => store.load(after),
    headSeq: () => store.headSeq(),
    async append(events: readonly EventEnvelope[], expectedSeq: number) {
      wrapper.appends += 1;
      const number = wrapper.appends;
      await wrapper.gate;
      if (number === wrapper.failAppend) throw new Error('disk full (injected)');
      await store.append(events, expectedSeq);
    },
    close: () => store.close(),
  };
  return wrapper;
}

const get = (path: string) => ({ method: 'GET', path, headers: { authorization: AUTH } });
const post = (path: string, body: unknown) => ({ method: 'POST', path, headers: { authorization: AUTH }, body });

async function platformAccount(writer: Writer): Promise<string> {
  const r = await writer.handle(get('/platform/internal-accounts'));
  return (r.body as { data: { id: string }[] }).data[0]!.id;
}

async function balanceOf(writer: Writer, account: string): Promise<unknown> {
  const r = await writer.handle(get(`/internal-accounts/${account}`));
  return (r.body as { balance: unknown }).balance;
}

describe('Writer: group commit over a file store', () => {
  let cleanup = (): void => undefined;
  afterEach(() => cleanup());
  const setup = (): string => {
    const t = tempDir();
    cleanup = t.cleanup;
    return join(t.dir, 'events.jsonl');
  };

  it('commits many concurrent requests with fewer appends than requests, each answer only after its events are in the file', async () => {
    const path = setup();
    const store = instrumented(await openFileStore(path));
    const writer = await createWriter({ store, timerIntervalMs: 0 });
    const account = await platformAccount(writer);
    const count = 200;
    const seenInFile: boolean[] = [];
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 100 + i })).then((response) => {
          // At answer time the request's transaction must already be on disk.
          const id = (response.body as { id?: string }).id;
          seenInFile[i] = id !== undefined && readFileSync(path, 'utf8').includes(`"${id}"`);
          return response;
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(seenInFile.filter(Boolean).length).toBe(count);
    expect(store.appends).toBeGreaterThan(0);
    expect(store.appends).toBeLessThan(count / 4);
    expect(writer.stats().commits).toBe(store.appends);
    await writer.close();
  });

  it('answers a read that writes nothing without an append, and only after the commit it queued behind', async () => {
    const path = setup();
    const store = instrumented(await openFileStore(path));
    const writer = await createWriter({ store, timerIntervalMs: 0 });
    const account = await platformAccount(writer);
    expect(store.appends).toBe(0);
    const order: string[] = [];
    const fund = writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 5000 })).then(() => order.push('fund'));
    const read = writer.handle(get(`/internal-accounts/${account}`)).then((r) => {
      order.push('read');
      return r;
    });
    const [, r] = await Promise.all([fund, read]);
    expect(order).toEqual(['fund', 'read']);
    expect(store.appends).toBe(1);
    expect((r.body as { balance: { amount: number } }).balance.amount).toBeGreaterThanOrEqual(5000);
    await writer.close();
  });

  it('a failed append answers every request of the batch 503 and rebuilds the engine from the store', async () => {
    const path = setup();
    const store = instrumented(await openFileStore(path));
    const writer = await createWriter({ store, timerIntervalMs: 0 });
    const account = await platformAccount(writer);
    await writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 1000 }));
    const before = await balanceOf(writer, account);
    // Hold the first append so that three more requests queue behind it as one batch; fail that batch.
    let open = (): void => undefined;
    store.gate = new Promise((resolve) => {
      open = resolve;
    });
    store.failAppend = store.appends + 2;
    const first = writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 1 }));
    const batch = [1, 2, 3].map((n) => writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: n * 10 })));
    const afterFirst = (before as { amount: number }).amount + 1;
    open();
    expect((await first).status).toBe(200);
    const answers = await Promise.all(batch);
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
    expect(answers[0]!.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // The engine was ahead of the store: it is rebuilt from it, so none of the three happened.
    expect(writer.stats().failedAppends).toBe(1);
    expect(await balanceOf(writer, account)).toMatchObject({ amount: afterFirst });
    expect(writer.stats().rebuilds).toBe(1);
    expect(writer.engine()!.head().seq).toBe(await store.headSeq());
    // And the writer serves again.
    expect((await writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 7 }))).status).toBe(200);
    await writer.close();
  });

  it('a failed append also fails the requests decided on top of it while it was in flight (503), and nothing of either is stored', async () => {
    const path = setup();
    const store = instrumented(await openFileStore(path));
    const writer = await createWriter({ store, timerIntervalMs: 0 });
    const account = await platformAccount(writer);
    await writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 1000 }));
    const before = await balanceOf(writer, account);
    const sizeBefore = readFileSync(path).length;
    let open = (): void => undefined;
    store.gate = new Promise((resolve) => {
      open = resolve;
    });
    store.failAppend = store.appends + 1;
    const inFlight = writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 1 }));
    // Handled in memory now, on top of the batch in flight; a read sees that state, so it waits too.
    const onTop = [writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 2 })), writer.handle(get(`/internal-accounts/${account}`))];
    open();
    const answers = await Promise.all([inFlight, ...onTop]);
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
    expect(readFileSync(path).length).toBe(sizeBefore);
    expect(await balanceOf(writer, account)).toEqual(before);
    await writer.close();
  });

  it('survives a restart: close, reopen the same file, the state is the same', async () => {
    const path = setup();
    const writer = await createWriter({ store: await openFileStore(path), timerIntervalMs: 0 });
    const account = await platformAccount(writer);
    for (const amount of [100, 200, 300]) await writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount }));
    const balance = await balanceOf(writer, account);
    const head = writer.engine()!.head();
    await writer.close();
    const reopened = await createWriter({ store: await openFileStore(path), timerIntervalMs: 0 });
    expect(reopened.engine()!.head()).toEqual(head);
    expect(await balanceOf(reopened, account)).toEqual(balance);
    await reopened.close();
  });

  it('runs the timer loop: advance(now) on a schedule, its events committed (the demo payout settles)', async () => {
    const path = setup();
    const store = instrumented(await openFileStore(path));
    let nowMs = 0;
    const writer = await createWriter({ store, timerIntervalMs: 5, now: () => nowMs });
    const responses: { status: number; body: unknown }[] = [];
    for (const step of DEMO_SCRIPT) {
      if ('advance' in step) break;
      nowMs = Date.parse(step.at);
      const request = resolveTemplates(step, responses).value as Exclude<ScriptRequest, { advance: true }>;
      responses.push(
        await writer.handle({
          method: request.method,
          path: request.path,
          headers: { authorization: AUTH, ...request.headers },
          ...(request.query === undefined ? {} : { query: request.query }),
          ...(request.body === undefined ? {} : { body: request.body }),
        }),
      );
    }
    const payout = (responses.at(-1)!.body as { transactionId: string }).transactionId;
    const statusOf = async () => ((await writer.handle(get(`/transactions/${payout}`))).body as { status: string }).status;
    const pending = await statusOf();
    const headBefore = writer.engine()!.head().seq;
    // Time passes; the loop (not the test) calls advance and commits what the timers wrote.
    nowMs = Date.parse('2026-02-03T12:20:00Z');
    for (let i = 0; i < 200 && writer.engine()!.head().seq === headBefore; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    // A read queues behind the commit in flight, so after it the store holds what the engine does.
    expect(await statusOf()).not.toBe(pending);
    expect(writer.engine()!.head().seq).toBeGreaterThan(headBefore);
    expect(await store.headSeq()).toBe(writer.engine()!.head().seq);
    await writer.close();
  });

  it('close answers what is queued and releases the file lock', async () => {
    const path = setup();
    const writer = await createWriter({ store: await openFileStore(path), timerIntervalMs: 0 });
    const account = await platformAccount(writer);
    const pending = writer.handle(post(`/sandbox/internal-accounts/${account}/fund`, { amount: 1 }));
    await writer.close();
    expect((await pending).status).toBe(200);
    expect((await writer.handle(get('/customers'))).status).toBe(503);
    const again = await openFileStore(path);
    expect(await again.headSeq()).toBeGreaterThan(0);
    await again.close();
  });
});
