/**
 * An exclusive lock on a log file: a lock file created with O_EXCL that holds the owner's pid.
 * One writer per file; a second process (or a second store in the same process) is refused while
 * the owner lives. A lock left by a dead process is taken over, since its owner can no longer write.
 */
import { open, readFile, unlink } from 'node:fs/promises';

/** Why a store could not be opened: another live process (or this one) holds its lock. */
export class StoreLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(`${lockPath} is held by process ${pid}: one writer per log file (stop it, or serve another file)`);
    this.name = 'StoreLockedError';
  }
}

/** A held lock; `release` deletes the lock file (idempotent). */
export type FileLock = { readonly path: string; release(): Promise<void> };

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock at `lockPath` or rejects with StoreLockedError when a live process holds it.
 * A lock file whose pid is dead (or unreadable garbage) is removed and taken once more.
 */
export async function acquireLock(lockPath: string): Promise<FileLock> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx', 0o644);
      try {
        await handle.writeFile(`${process.pid}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      let released = false;
      return {
        path: lockPath,
        async release() {
          if (released) return;
          released = true;
          await unlink(lockPath).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
    if (Number.isSafeInteger(pid) && pid > 0 && (pid === process.pid || isAlive(pid))) throw new StoreLockedError(lockPath, pid);
    if (attempt > 0) throw new Error(`${lockPath}: a stale lock file could not be taken over`);
    // Stale: its owner is gone. Remove it and try once more (a racing opener may still win).
    await unlink(lockPath).catch(() => undefined);
  }
}
