/**
 * Progress of a long run on stderr: how far through the input file (percent of its bytes), how
 * many events, and the time left at the rate so far. Silent for runs shorter than a second, and
 * at most one line a second after that, so short commands and tests print nothing.
 */

/** Pure: the progress line for `doneBytes` of `totalBytes` after `elapsedMs`; `count` is of `unit`. */
export function progressLine(what: string, doneBytes: number, totalBytes: number, count: number, elapsedMs: number, unit = 'events'): string {
  const fraction = totalBytes <= 0 ? 1 : Math.min(1, doneBytes / totalBytes);
  const percent = (fraction * 100).toFixed(1);
  const leftMs = fraction <= 0 ? Number.POSITIVE_INFINITY : (elapsedMs * (1 - fraction)) / fraction;
  return `${what} ${count.toLocaleString('en-US')} ${unit}, ${percent}% of ${formatBytes(totalBytes)}, ${formatDuration(elapsedMs)} elapsed, about ${formatDuration(leftMs)} left`;
}

/** Pure: bytes as B, KiB, MiB or GiB with one decimal. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Pure: a duration as `12 s`, `3 min 05 s` or `2 h 07 min` (`?` when unknown). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** First line only after this long: a run that ends sooner prints nothing. */
export const PROGRESS_AFTER_MS = 1_000;
/** At most one line per this interval. */
export const PROGRESS_EVERY_MS = 1_000;

/**
 * A reporter for one run over a file of `totalBytes`: call `update(doneBytes, count)` as often as
 * convenient; it writes a line through `write` when the run is past PROGRESS_AFTER_MS and the last
 * line is PROGRESS_EVERY_MS old.
 */
export function progressReporter(
  what: string,
  totalBytes: number,
  nowMs: () => number,
  write: (line: string) => void,
  unit = 'events',
): (doneBytes: number, count: number) => void {
  const startedMs = nowMs();
  let lastMs = startedMs + PROGRESS_AFTER_MS - PROGRESS_EVERY_MS;
  return (doneBytes, count) => {
    const now = nowMs();
    if (now - lastMs < PROGRESS_EVERY_MS) return;
    lastMs = now;
    write(progressLine(what, doneBytes, totalBytes, count, now - startedMs, unit));
  };
}
