/**
 * Properties of identity statuses over random sessions (spec: Verification (KYC/KYB) in sandbox):
 * APPROVED and REJECTED never change once reached (later submissions answer 400 and write
 * nothing, renames re-derive nothing); a status changes only in a `VerificationSubmitted` event,
 * along the lifecycle table; every submission queues exactly one VERIFICATION.* webhook, plus one
 * CUSTOMER.* webhook exactly when the status changed; and replay and a snapshot plus the rest of
 * the log equal the live state.
 */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { IDENTITY_STATUS_TABLE, identityEventFor } from '../../src/domains/customers/identity-status.js';
import type { KycStatus } from '../../src/domains/customers/types.js';
import { harness, type Harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';
import { business, completeIndividual, owner, uploadDocument, webhookTypes } from './support.js';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 30);
const suffix = fc.constantFrom('001', '002', '003', '777');

type Op =
  | { kind: 'individual'; suffix: string; complete: boolean }
  | { kind: 'business'; suffix: string }
  | { kind: 'document'; pick: number }
  | { kind: 'businessPacket'; pick: number }
  | { kind: 'rename'; pick: number; suffix: string }
  | { kind: 'submit'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('individual' as const), suffix, complete: fc.boolean() }),
  fc.record({ kind: fc.constant('business' as const), suffix }),
  fc.record({ kind: fc.constant('document' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('businessPacket' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), suffix }),
  { arbitrary: fc.record({ kind: fc.constant('submit' as const), pick: fc.nat() }), weight: 3 },
);

type Known = { id: string; type: 'INDIVIDUAL' | 'BUSINESS' };

function statusOf(h: Harness, c: Known): KycStatus {
  const body = h.ok('GET', `/customers/${c.id}`);
  return c.type === 'INDIVIDUAL' ? body.kycStatus : body.kybStatus;
}

function run(h: Harness, ops: readonly Op[]): void {
  const customers: Known[] = [];
  const packed = new Set<string>();
  let n = 0;
  const pick = (i: number): Known | undefined => customers[i % Math.max(customers.length, 1)];
  for (const o of ops) {
    n += 1;
    if (o.kind === 'individual') {
      const body = o.complete ? completeIndividual(`P ${o.suffix}`, `i-${n}`) : { customerType: 'INDIVIDUAL', platformCustomerId: `i-${n}`, fullName: `P ${o.suffix}` };
      customers.push({ id: h.ok('POST', '/customers', body).id, type: 'INDIVIDUAL' });
      continue;
    }
    if (o.kind === 'business') {
      customers.push({ id: h.ok('POST', '/customers', business(`R-${o.suffix}`, `b-${n}`)).id, type: 'BUSINESS' });
      continue;
    }
    const c = pick(o.pick);
    if (c === undefined) continue;
    const before = statusOf(h, c);
    if (o.kind === 'document' && c.type === 'INDIVIDUAL') {
      h.call('POST', '/documents'); // a JSON body to an upload route: refused, no event
      try {
        uploadDocument(h, c.id, 'PASSPORT');
      } catch {
        // The second passport of a holder is 409 DOCUMENT_ALREADY_EXISTS: fine.
      }
    } else if (o.kind === 'businessPacket' && c.type === 'BUSINESS' && !packed.has(c.id)) {
      packed.add(c.id);
      for (const t of ['ARTICLES_OF_ASSOCIATION', 'TRUST_AGREEMENT', 'TAX_RETURN']) uploadDocument(h, c.id, t);
      h.ok('POST', '/beneficial-owners', owner(c.id, `Owner${o.pick % 3 === 0 ? '002' : '777'}`));
    } else if (o.kind === 'rename') {
      const patch = c.type === 'INDIVIDUAL' ? { fullName: `Q ${o.suffix}` } : { businessInfo: { legalName: 'Acme LLC', registrationNumber: `R-${o.suffix}` } };
      const answer = h.call('PATCH', `/customers/${c.id}`, patch);
      expect(answer.events.every((e) => e.type === 'CustomerUpdated')).toBe(true);
      expect(statusOf(h, c)).toBe(before);
    } else if (o.kind === 'submit') {
      const answer = h.call('POST', '/verifications', { customerId: c.id });
      const after = statusOf(h, c);
      if (before === 'APPROVED' || before === 'REJECTED') {
        expect([answer.status, answer.events.length, after]).toEqual([400, 0, before]);
        continue;
      }
      expect(answer.status).toBe(200);
      const types = webhookTypes(answer.events);
      expect(types.filter((t) => t.startsWith('VERIFICATION.'))).toEqual([`VERIFICATION.${(answer.body as any).verificationStatus}`]);
      expect(types.filter((t) => t.startsWith('CUSTOMER.')).length).toBe(after === before ? 0 : 1);
      if (after !== before) {
        const move = identityEventFor(after);
        expect(move !== undefined && IDENTITY_STATUS_TABLE.next(before, move)).toBe(after);
      }
    }
  }
}

test.prop([fc.array(op, { minLength: 1, maxLength: 25 }), fc.constantFrom('unregulated', 'regulated', 'skip'), fc.nat()], { numRuns: NUM_RUNS })(
  'final statuses stay final, statuses move only by submissions along the table, webhooks follow, replay and snapshot+tail equal live',
  (ops, kind, cut) => {
    const h = harness(kind === 'regulated' ? { regulated: true } : {});
    if (kind === 'skip') h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
    run(h, ops);
    // Only VerificationSubmitted changes a status: no other event of the log names one.
    for (const event of h.log) {
      if (event.type === 'CustomerUpdated') expect(JSON.stringify(event.data)).not.toMatch(/kycStatus|kybStatus/);
    }
    if (h.log.length === 0) return;
    const live = stateText(h.engine);
    expect(stateText(createEngine({ events: h.log }))).toBe(live);
    const at = 1 + (cut % h.log.length);
    const snapshot = JSON.parse(JSON.stringify(createEngine({ events: h.log.slice(0, at) }).snapshot()));
    expect(stateText(createEngine({ snapshot, events: h.log.slice(at) }))).toBe(live);
  },
);
