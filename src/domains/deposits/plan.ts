/**
 * The steps each kind of incoming payment takes and the sandbox's delays between them (decided,
 * docs/incoming-and-sweeps.md). A step due at once is released by the next `engine.advance`,
 * because requests never fire timers. Pure.
 */
import { SANDBOX_SETTLEMENT_DELAY_MS, SANDBOX_UMA_LONG_PENDING_MS } from '../flows/plan.js';
import type { IncomingStep } from './types.js';
import type { UmaSenderBehaviour } from '../../sandbox/uma-test-addresses.js';

/** Rails a sandbox deposit may arrive on: the USD bank rails with railDetails. */
export const DEPOSIT_RAILS = ['ACH', 'ACH_SAME_DAY', 'WIRE', 'RTP', 'FEDNOW'] as const;
/** One of `DEPOSIT_RAILS`. */
export type DepositRail = (typeof DEPOSIT_RAILS)[number];

/** Rails that settle as the funds arrive (instant payments); the others take the settlement delay. */
export const INSTANT_RAILS: readonly DepositRail[] = ['RTP', 'FEDNOW'];

/** Rails whose incoming entries can be returned (their railDetails can show RETURNED). */
export const RETURNABLE_RAILS: readonly string[] = ['ACH', 'ACH_SAME_DAY'];

/** How often a payment waiting for the platform's approval checks again (the spec's "about 30 seconds"). */
export const APPROVAL_RECHECK_MS = 30_000;

/** How long a sweep waiting on its payout waits when the payout's flow names no next step. */
export const PAYOUT_RECHECK_MS = SANDBOX_SETTLEMENT_DELAY_MS;

function step(kind: IncomingStep['step'], afterMs: number): IncomingStep {
  return { step: kind, afterMs };
}

/** A bank deposit: the funds arrive at once, settle after the rail's delay, then a rule-based deposit is swept. Pure. */
export function depositPlan(rail: DepositRail, swept: boolean): IncomingStep[] {
  const settleAfterMs = INSTANT_RAILS.includes(rail) ? 0 : SANDBOX_SETTLEMENT_DELAY_MS;
  return [step('RECEIVE', 0), step('SETTLE', settleAfterMs), ...(swept ? [step('SWEEP', 0)] : [])];
}

/** A sandbox funding of a rule-based account: credited at once, swept at the next advance. Pure. */
export function fundedSweepPlan(): IncomingStep[] {
  return [step('SWEEP', 0)];
}

/** An incoming UMA payment by its sender's behaviour (spec: UMA test addresses). Pure. */
export function umaPlan(behaviour: UmaSenderBehaviour): IncomingStep[] {
  switch (behaviour) {
    case 'SUCCESS':
      return [step('RECEIVE', 0), step('SETTLE', SANDBOX_SETTLEMENT_DELAY_MS)];
    case 'LONG_PENDING':
      return [step('RECEIVE', 0), step('SETTLE', SANDBOX_UMA_LONG_PENDING_MS)];
    case 'COMPLIANCE_FAILURE':
      return [step('RECEIVE', 0), step('FAIL_COMPLIANCE', SANDBOX_SETTLEMENT_DELAY_MS)];
  }
}
