/**
 * One list query over indexed sources: the narrowest source drives, the other filters are checked
 * on each record it yields. With one source (or none) the count and the page come from the index
 * alone in O(log n + page); a combination of sources is counted by walking the narrowest one's
 * range (O(its size): the rare combinations the list docs name). Pure.
 */
import { ALL_POSITIONS, type PositionSource } from './sources.js';

/** A query: the candidate sets (all must hold), an extra check, and the range [lo, hi) of positions. */
export type ListPlan = {
  readonly sources: readonly PositionSource[];
  /** Checks what the driving source does not; absent when one source says everything. */
  readonly residual?: ((position: number) => boolean) | undefined;
  readonly lo: number;
  readonly hi: number;
};

type Driver = { readonly source: PositionSource; readonly match: ((position: number) => boolean) | undefined };

/** The driving source and the check of everything else. */
function driverOf(plan: ListPlan): Driver {
  if (plan.sources.length === 0) return { source: ALL_POSITIONS, match: plan.residual };
  let best = plan.sources[0]!;
  let bestCount = best.count(plan.lo, plan.hi);
  for (const source of plan.sources.slice(1)) {
    const count = source.count(plan.lo, plan.hi);
    if (count < bestCount) [best, bestCount] = [source, count];
  }
  const others = plan.sources.filter((source) => source !== best);
  const residual = plan.residual;
  if (others.length === 0) return { source: best, match: residual };
  // Membership in another source: its nearest member at or after the position is the position.
  return { source: best, match: (position) => others.every((other) => other.next(position) === position) && (residual === undefined || residual(position)) };
}

/** How many positions in [lo, hi) the plan selects. */
export function countPlan(plan: ListPlan): number {
  const { source, match } = driverOf(plan);
  if (match === undefined) return source.count(plan.lo, plan.hi);
  let count = 0;
  for (let position = source.next(plan.lo); position !== -1 && position < plan.hi; position = source.next(position + 1)) {
    if (match(position)) count += 1;
  }
  return count;
}

/** Newest first: up to `limit` selected positions below `bound` (and >= lo), and whether more lie below the last. */
export function pageDown(plan: ListPlan, bound: number, limit: number): { readonly positions: number[]; readonly more: boolean } {
  const { source, match } = driverOf(plan);
  const positions: number[] = [];
  for (let position = source.previous(Math.min(bound, plan.hi)); position !== -1 && position >= plan.lo; position = source.previous(position)) {
    if (match !== undefined && !match(position)) continue;
    if (positions.length === limit) return { positions, more: true };
    positions.push(position);
  }
  return { positions, more: false };
}

/** Oldest first: up to `limit` selected positions from `from` (and < hi), and the next selected one after them (-1: none). */
export function pageUp(plan: ListPlan, from: number, limit: number): { readonly positions: number[]; readonly nextPosition: number } {
  const { source, match } = driverOf(plan);
  const positions: number[] = [];
  for (let position = source.next(Math.max(from, plan.lo)); position !== -1 && position < plan.hi; position = source.next(position + 1)) {
    if (match !== undefined && !match(position)) continue;
    if (positions.length === limit) return { positions, nextPosition: position };
    positions.push(position);
  }
  return { positions, nextPosition: -1 };
}

/** The position of the selected member of rank `rank` (0-based, oldest first), or -1. */
export function positionOfRank(plan: ListPlan, rank: number): number {
  const { source, match } = driverOf(plan);
  if (match === undefined) {
    // Rank within the source: the members below lo, plus rank, found by counting up from lo.
    const target = source.count(0, plan.lo) + rank;
    const position = nthMember(source, target);
    return position !== -1 && position < plan.hi ? position : -1;
  }
  let seen = 0;
  for (let position = source.next(plan.lo); position !== -1 && position < plan.hi; position = source.next(position + 1)) {
    if (!match(position)) continue;
    if (seen === rank) return position;
    seen += 1;
  }
  return -1;
}

/** The member with `n` members below it, by binary search over positions on the source's counts. */
function nthMember(source: PositionSource, n: number): number {
  let lo = 0;
  let hi = Number.MAX_SAFE_INTEGER;
  // Grow hi until it holds more than n members, then bisect: O(log^2 n) counts, each O(log n).
  let bound = 1;
  while (source.count(0, bound) <= n) {
    if (source.next(bound) === -1) return -1;
    bound *= 2;
  }
  hi = bound;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (source.count(0, mid + 1) > n) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * One page in either order, with the cursor positions the lists share: oldest first, `position`
 * is the next row to show and `nextPosition` the one after the page; newest first, `position` is
 * an exclusive bound (0: from the newest) and `nextPosition` the last row shown, so rows created
 * between pages never shift or repeat. Pure.
 */
export function pageInEitherOrder(plan: ListPlan, page: { readonly limit: number; readonly position: number }, newestFirst: boolean): { readonly positions: number[]; readonly nextPosition?: number } {
  if (!newestFirst) {
    const found = pageUp(plan, page.position, page.limit);
    return found.nextPosition === -1 ? { positions: found.positions } : { positions: found.positions, nextPosition: found.nextPosition };
  }
  const found = pageDown(plan, page.position === 0 ? plan.hi : page.position, page.limit);
  const last = found.positions[found.positions.length - 1];
  return found.more && last !== undefined ? { positions: found.positions, nextPosition: last } : { positions: found.positions };
}
