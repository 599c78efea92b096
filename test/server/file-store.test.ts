import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { encodeEnvelope, type EventEnvelope } from '../../src/log/index.js';
import { AppendConflictError } from '../../src/server/event-store.js';
import { StoreLockedError } from '../../src/server/file-lock.js';
import { LogCorruptError, openFileStore, TornTailError } from '../../src/server/file-store.js';
import { AUTH, tempDir } from './support.js';

/** A few real, chained events: genesis plus funding of the platform account. */
function someEvents(count = 3): EventEnvelope[] {
  const engine = createEngine();
  const now = Date.parse('2026-01-05T16:00:00Z');
  const list = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: AUTH } }, { now });
  const account = (list.response.body as { data: { id: string }[] }).data[0]!.id;
  const events: EventEnvelope[] = [];
  for (let i = 0; events.length < count; i += 1) {
    const r = engine.handle({ method: 'POST', path: `/sandbox/internal-accounts/${account}/fund`, headers: { authorization: AUTH }, body: { amount: 100 } }, { now: now + i });
    events.push(...r.events);
  }
  return events;
}

async function loadAll(store: { load(after?: number): AsyncIterable<EventEnvelope> }, after?: number): Promise<EventEnvelope[]> {
  const out: EventEnvelope[] = [];
  for await (const event of store.load(after)) out.push(event);
  return out;
}

describe('JSONL file store', () => {
  let cleanup = (): void => undefined;
  afterEach(() => cleanup());
  const setup = (): string => {
    const t = tempDir();
    cleanup = t.cleanup;
    return join(t.dir, 'events.jsonl');
  };

  it('appends durably, reopens, loads and verifies the same events', async () => {
    const path = setup();
    const events = someEvents(6);
    const store = await openFileStore(path);
    expect(await store.headSeq()).toBe(0);
    await store.append(events.slice(0, 2), 0);
    await store.append(events.slice(2), 2);
    expect(await store.headSeq()).toBe(events.length);
    // What append resolved is in the file, byte for byte as the codec writes it.
    expect(readFileSync(path, 'utf8')).toBe(events.map((e) => `${encodeEnvelope(e)}\n`).join(''));
    await store.close();
    const again = await openFileStore(path);
    expect(await again.headSeq()).toBe(events.length);
    expect(await loadAll(again)).toEqual(events);
    expect((await loadAll(again, 4)).map((e) => e.seq)).toEqual(events.slice(4).map((e) => e.seq));
    await again.close();
  });

  it('refuses an append whose expected seq is not the head (AppendConflictError), storing nothing', async () => {
    const path = setup();
    const events = someEvents(4);
    const store = await openFileStore(path);
    await store.append(events.slice(0, 2), 0);
    const before = statSync(path).size;
    await expect(store.append(events.slice(2), 1)).rejects.toBeInstanceOf(AppendConflictError);
    await expect(store.append(events.slice(2), 1)).rejects.toMatchObject({ expectedSeq: 1, actualSeq: 2 });
    expect(statSync(path).size).toBe(before);
    await store.append(events.slice(2), 2);
    await store.close();
  });

  it('reports a torn last line (no newline) with the file and byte offset, and never drops it silently', async () => {
    const path = setup();
    const events = someEvents(3);
    const good = events.slice(0, 2).map((e) => `${encodeEnvelope(e)}\n`).join('');
    writeFileSync(path, good + encodeEnvelope(events[2]!).slice(0, 40));
    const error = await openFileStore(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TornTailError);
    expect((error as TornTailError).offset).toBe(Buffer.byteLength(good));
    expect((error as TornTailError).message).toContain(path);
    expect((error as TornTailError).message).toContain(`byte offset ${Buffer.byteLength(good)}`);
    // The file is untouched and the lock released: opening again reports the same.
    expect(statSync(path).size).toBe(Buffer.byteLength(good) + 40);
    await expect(openFileStore(path)).rejects.toBeInstanceOf(TornTailError);
  });

  it('reports a last line of bad JSON that ends with a newline as torn too', async () => {
    const path = setup();
    const events = someEvents(2);
    const good = `${encodeEnvelope(events[0]!)}\n`;
    writeFileSync(path, `${good}{"seq":2,"id":\n`);
    await expect(openFileStore(path)).rejects.toMatchObject({ name: 'TornTailError', offset: Buffer.byteLength(good) });
  });

  it('truncates a torn tail only when asked (repairTornTail), then continues the chain', async () => {
    const path = setup();
    const events = someEvents(3);
    const good = events.slice(0, 2).map((e) => `${encodeEnvelope(e)}\n`).join('');
    writeFileSync(path, `${good}\0\0\0\0`);
    const store = await openFileStore(path, { repairTornTail: true });
    expect(store.repaired).toBeInstanceOf(TornTailError);
    expect(store.repaired?.byteLength).toBe(4);
    expect(readFileSync(path, 'utf8')).toBe(good);
    expect(await store.headSeq()).toBe(2);
    await store.append(events.slice(2), 2);
    expect(await loadAll(store)).toEqual(events);
    await store.close();
  });

  it('reports a broken line before the end on load as LogCorruptError with its byte offset', async () => {
    const path = setup();
    const events = someEvents(3);
    const lines = events.map((e) => `${encodeEnvelope(e)}\n`);
    const tampered = lines[1]!.replace('"version":1', '"version":2');
    writeFileSync(path, lines[0]! + tampered + lines[2]!);
    const store = await openFileStore(path);
    const error = await loadAll(store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LogCorruptError);
    expect((error as LogCorruptError).offset).toBe(Buffer.byteLength(lines[0]!));
    expect((error as LogCorruptError).fault.kind).toBe('hash');
    await store.close();
  });

  it('holds an exclusive lock: a second open is refused while the first is open, allowed after close', async () => {
    const path = setup();
    const store = await openFileStore(path);
    const refused = await openFileStore(path).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreLockedError);
    expect((refused as StoreLockedError).pid).toBe(process.pid);
    expect(readFileSync(`${path}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await store.close();
    const again = await openFileStore(path);
    await again.close();
  });

  it('refuses a lock held by another live process and takes over one left by a dead process', async () => {
    const path = setup();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${path}.lock`, `${child.pid}\n`);
      await expect(openFileStore(path)).rejects.toMatchObject({ name: 'StoreLockedError', pid: child.pid });
    } finally {
      child.kill();
    }
    await new Promise((resolve) => child.once('exit', resolve));
    // The holder is gone: its lock is stale.
    const store = await openFileStore(path);
    expect(readFileSync(`${path}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await store.close();
  });

  it('an append that does not continue the chain is refused before anything is written', async () => {
    const path = setup();
    const events = someEvents(3);
    const store = await openFileStore(path);
    await expect(store.append([events[1]!], 0)).rejects.toThrow(/does not continue the chain/);
    expect(statSync(path).size).toBe(0);
    await store.close();
    appendFileSync(path, '');
  });
});
