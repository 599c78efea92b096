/**
 * The card program: the platform's live-card maximum, one-card-per-cardholder, and spending caps
 * (`GET` / `PATCH /config/cards`), and the effective limits of a card: the lower of the program's
 * cap and the card's own value (DECISIONS.md "Cards"). Pure.
 */
import type { ApiError } from '../../core/errors.js';
import { type Result, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_EVENT_TYPES, type CardProgramConfigured } from './events.js';
import type { Card, CardLimits, CardProgram } from './types.js';

/** A validated program PATCH: absent fields stay, `null` caps are removed. */
export type CardProgramPatch = {
  readonly maxLiveCards?: number;
  readonly oneCardPerCardholder?: boolean;
  readonly maxSpendPerTransactionMinor?: string | null;
  readonly maxSpendPerDayMinor?: string | null;
  readonly maxTransactionsPerDay?: number | null;
};

/**
 * Pure: the CardProgramConfigured event holding the whole program after the patch, or nothing
 * when the patch changes nothing. Lowering `maxLiveCards` below the live count is allowed: it
 * refuses new cards until enough are closed (existing cards are never closed by it).
 */
export function decideConfigureCardProgram(state: DomainState, patch: CardProgramPatch, at: string): Result<EventDraft[], ApiError> {
  const current = state.cards.program;
  const next: Record<string, unknown> = { ...current };
  delete next.updatedAt;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  const { updatedAt: _ignored, ...before } = current;
  if (JSON.stringify(sorted(before)) === JSON.stringify(sorted(next))) return ok([]);
  const data: CardProgramConfigured = { program: { ...(sorted(next) as CardProgram), updatedAt: at } };
  return ok([{ type: CARD_EVENT_TYPES.programConfigured, data }]);
}

function sorted(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The limits that apply to a card's authorizations, in minor units; absent: no limit. */
export type EffectiveLimits = {
  readonly maxSpendPerTransactionMinor?: bigint;
  readonly maxSpendPerDayMinor?: bigint;
  readonly maxTransactionsPerDay?: number;
};

/** Pure: for each limit, the lower of the program's cap and the card's own value. */
export function effectiveLimits(program: CardLimits, card: Card): EffectiveLimits {
  const perTransaction = lowerMinor(program.maxSpendPerTransactionMinor, card.maxSpendPerTransactionMinor);
  const perDay = lowerMinor(program.maxSpendPerDayMinor, card.maxSpendPerDayMinor);
  const count = lowerCount(program.maxTransactionsPerDay, card.maxTransactionsPerDay);
  return {
    ...(perTransaction === undefined ? {} : { maxSpendPerTransactionMinor: perTransaction }),
    ...(perDay === undefined ? {} : { maxSpendPerDayMinor: perDay }),
    ...(count === undefined ? {} : { maxTransactionsPerDay: count }),
  };
}

function lowerMinor(a: string | undefined, b: string | undefined): bigint | undefined {
  if (a === undefined) return b === undefined ? undefined : BigInt(b);
  if (b === undefined) return BigInt(a);
  return BigInt(a) < BigInt(b) ? BigInt(a) : BigInt(b);
}

function lowerCount(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** The wire form of the program (amounts as JSON integers). Pure. */
export function cardProgramView(program: CardProgram): Record<string, unknown> {
  return {
    maxLiveCards: program.maxLiveCards,
    oneCardPerCardholder: program.oneCardPerCardholder,
    maxSpendPerTransaction: program.maxSpendPerTransactionMinor === undefined ? null : Number(program.maxSpendPerTransactionMinor),
    maxSpendPerDay: program.maxSpendPerDayMinor === undefined ? null : Number(program.maxSpendPerDayMinor),
    maxTransactionsPerDay: program.maxTransactionsPerDay ?? null,
    ...(program.updatedAt === undefined ? {} : { updatedAt: program.updatedAt }),
  };
}
