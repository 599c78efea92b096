/**
 * Agreement consents: entries `{type, acceptedAt (with offset), ipAddress?, termsVersion,
 * acceptanceMethod?}`, at most one per type, versions from the catalogue (else 400
 * END_USER_TERMS_VERSION_NOT_FOUND), the deprecated `endUserTermsConsent` as one
 * SVC_END_USER_TERMS entry, never both forms at once, and the latest acceptance per type kept.
 */
import { describe, expect, it } from 'vitest';
import { mergeConsents } from '../../src/domains/customers/consents.js';
import { harness } from '../support/harness.js';
import { codeOf, create, individual, invalidFields, termsConsent } from './fixtures.js';

const privacy = (overrides: Record<string, unknown> = {}) => ({
  type: 'SVC_PRIVACY_POLICY',
  acceptedAt: '2026-01-05T09:00:00-06:00',
  termsVersion: '2025-10-13',
  ...overrides,
});

describe('agreementConsents on create', () => {
  it('answers an empty agreementConsents list before any acceptance', () => {
    expect(create(harness(), individual()).agreementConsents).toEqual([]);
  });

  it('stores every field of an entry as sent, listing consents in catalogue order', () => {
    const body = create(
      harness(),
      individual({
        agreementConsents: [
          privacy(),
          termsConsent({ ipAddress: '2001:db8::1', acceptanceMethod: 'CLICKWRAP' }),
        ],
      }),
    );
    expect(body.agreementConsents).toEqual([
      { type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-05T09:00:00-06:00', ipAddress: '2001:db8::1', termsVersion: '2025-10-13', acceptanceMethod: 'CLICKWRAP' },
      { type: 'SVC_PRIVACY_POLICY', acceptedAt: '2026-01-05T09:00:00-06:00', termsVersion: '2025-10-13' },
    ]);
  });

  it('accepts an earlier known version of the terms', () => {
    const body = create(harness(), individual({ agreementConsents: [termsConsent({ termsVersion: '2024-06-01' })] }));
    expect(body.agreementConsents[0].termsVersion).toBe('2024-06-01');
  });

  it.each([
    ['a second entry of the same type is an error on that entry', [termsConsent(), privacy(), termsConsent()], ['agreementConsents[2].type']],
    ['every repeated entry is listed', [termsConsent(), termsConsent(), termsConsent()], ['agreementConsents[1].type', 'agreementConsents[2].type']],
    ['acceptedAt needs a zone offset', [termsConsent({ acceptedAt: '2026-01-05T09:00:00' })], ['agreementConsents[0].acceptedAt']],
    ['acceptedAt must be a date-time, not a date', [termsConsent({ acceptedAt: '2026-01-05' })], ['agreementConsents[0].acceptedAt']],
    ['acceptedAt must be a real instant', [termsConsent({ acceptedAt: '2026-02-30T00:00:00Z' })], ['agreementConsents[0].acceptedAt']],
    ['acceptedAt is required', [termsConsent({ acceptedAt: undefined })], ['agreementConsents[0].acceptedAt']],
    ['termsVersion is required', [termsConsent({ termsVersion: undefined })], ['agreementConsents[0].termsVersion']],
    ['type must be a catalogue agreement', [termsConsent({ type: 'SVC_COOKIES' })], ['agreementConsents[0].type']],
    ['ipAddress must be an IP address', [termsConsent({ ipAddress: '300.1.1.1' })], ['agreementConsents[0].ipAddress']],
    ['entries reject unknown fields', [termsConsent({ signature: 'x' })], ['agreementConsents[0].signature']],
    ['an entry must be an object', ['SVC_END_USER_TERMS'], ['agreementConsents[0]']],
    ['the list holds at most 10 entries', Array.from({ length: 11 }, () => privacy()), // Fields sort as text, so [10] comes before [2].
      ['agreementConsents', ...Array.from({ length: 10 }, (_, i) => `agreementConsents[${i + 1}].type`)].sort()],
  ])('rejects with 400 INVALID_INPUT: %s', (_rule, agreementConsents, fields) => {
    const h = harness();
    const response = h.call('POST', '/customers', individual({ agreementConsents }));
    expect(invalidFields(response)).toEqual(fields);
    expect(h.log).toEqual([]);
  });

  it('rejects agreementConsents that is not an array', () => {
    expect(invalidFields(harness().call('POST', '/customers', individual({ agreementConsents: termsConsent() })))).toEqual(['agreementConsents']);
  });

  it('rejects an unknown termsVersion with 400 END_USER_TERMS_VERSION_NOT_FOUND naming each unknown one', () => {
    const h = harness();
    const response = h.call(
      'POST',
      '/customers',
      individual({ agreementConsents: [termsConsent({ termsVersion: '1999-01-01' }), privacy({ termsVersion: '2024-06-01' })] }),
    );
    expect(response.status).toBe(400);
    expect(codeOf(response)).toBe('END_USER_TERMS_VERSION_NOT_FOUND');
    expect((response.body as any).details.errors.map((e: { field: string }) => e.field)).toEqual([
      'agreementConsents[0].termsVersion',
      'agreementConsents[1].termsVersion',
    ]);
    expect((response.body as any).details.errors[1].constraint).toEqual({ enum: ['2025-10-13'] });
    expect(h.log).toEqual([]);
  });

  it('reports INVALID_INPUT before an unknown termsVersion', () => {
    const response = harness().call('POST', '/customers', individual({ fullName: '', agreementConsents: [termsConsent({ termsVersion: 'nope' })] }));
    expect(invalidFields(response)).toEqual(['fullName']);
  });

  it('reports an unknown termsVersion before a platformCustomerId conflict', () => {
    const h = harness();
    create(h, individual());
    const response = h.call('POST', '/customers', individual({ agreementConsents: [termsConsent({ termsVersion: 'nope' })] }));
    expect(codeOf(response)).toBe('END_USER_TERMS_VERSION_NOT_FOUND');
  });
});

describe('the deprecated endUserTermsConsent', () => {
  it('is recorded as one SVC_END_USER_TERMS entry', () => {
    const body = create(
      harness(),
      individual({ endUserTermsConsent: { acceptedAt: '2026-01-04T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: '2024-06-01' } }),
    );
    expect(body.agreementConsents).toEqual([
      { type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-04T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: '2024-06-01' },
    ]);
    expect(body).not.toHaveProperty('endUserTermsConsent');
  });

  it('means the current version when termsVersion is left out', () => {
    const body = create(harness(), individual({ endUserTermsConsent: { acceptedAt: '2026-01-04T10:00:00Z' } }));
    expect(body.agreementConsents).toEqual([{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-04T10:00:00Z', termsVersion: '2025-10-13' }]);
  });

  it('rejects an unknown termsVersion with END_USER_TERMS_VERSION_NOT_FOUND on endUserTermsConsent.termsVersion', () => {
    const response = harness().call('POST', '/customers', individual({ endUserTermsConsent: { acceptedAt: '2026-01-04T10:00:00Z', termsVersion: 'v0' } }));
    expect(codeOf(response)).toBe('END_USER_TERMS_VERSION_NOT_FOUND');
    expect((response.body as any).details.errors[0].field).toBe('endUserTermsConsent.termsVersion');
  });

  it.each([
    ['acceptedAt is required', {}, ['endUserTermsConsent.acceptedAt']],
    ['type is not a field of it', { acceptedAt: '2026-01-04T10:00:00Z', type: 'SVC_END_USER_TERMS' }, ['endUserTermsConsent.type']],
    ['it must be an object', 'yes', ['endUserTermsConsent']],
  ])('rejects with 400 INVALID_INPUT: %s', (_rule, endUserTermsConsent, fields) => {
    expect(invalidFields(harness().call('POST', '/customers', individual({ endUserTermsConsent })))).toEqual(fields);
  });

  it('rejects sending it together with agreementConsents, naming both fields', () => {
    const h = harness();
    const response = h.call(
      'POST',
      '/customers',
      individual({ agreementConsents: [privacy()], endUserTermsConsent: { acceptedAt: '2026-01-04T10:00:00Z' } }),
    );
    expect(invalidFields(response)).toEqual(['agreementConsents', 'endUserTermsConsent']);
    expect(h.log).toEqual([]);
  });

  it('rejects both forms together even when agreementConsents is empty', () => {
    const response = harness().call('POST', '/customers', individual({ agreementConsents: [], endUserTermsConsent: { acceptedAt: '2026-01-04T10:00:00Z' } }));
    expect(invalidFields(response)).toEqual(['agreementConsents', 'endUserTermsConsent']);
  });
});

describe('consents on PATCH keep the latest acceptance per type', () => {
  it('adds a consent of a new type and keeps the others', () => {
    const h = harness();
    const customer = create(h, individual({ agreementConsents: [termsConsent()] }));
    const patched = h.ok('PATCH', `/customers/${customer.id}`, { agreementConsents: [privacy()] });
    expect(patched.agreementConsents.map((c: { type: string }) => c.type)).toEqual(['SVC_END_USER_TERMS', 'SVC_PRIVACY_POLICY']);
  });

  it('replaces the stored consent of a type with a later acceptance', () => {
    const h = harness();
    const customer = create(h, individual({ agreementConsents: [termsConsent({ termsVersion: '2024-06-01', acceptedAt: '2025-01-01T00:00:00Z' })] }));
    const patched = h.ok('PATCH', `/customers/${customer.id}`, {
      agreementConsents: [termsConsent({ termsVersion: '2025-10-13', acceptedAt: '2026-01-05T10:00:00+01:00' })],
    });
    expect(patched.agreementConsents).toEqual([termsConsent({ termsVersion: '2025-10-13', acceptedAt: '2026-01-05T10:00:00+01:00' })]);
  });

  it('keeps the stored consent when the new one was accepted earlier, and writes no event', () => {
    const h = harness();
    const later = termsConsent({ acceptedAt: '2026-01-05T12:00:00Z' });
    const customer = create(h, individual({ agreementConsents: [later] }));
    const response = h.call('PATCH', `/customers/${customer.id}`, { agreementConsents: [termsConsent({ acceptedAt: '2026-01-05T11:00:00Z', termsVersion: '2024-06-01' })] });
    expect(response.status).toBe(200);
    expect((response.body as any).agreementConsents).toEqual([later]);
    expect(response.events).toEqual([]);
  });

  it('compares acceptance instants across zone offsets', () => {
    // 10:00-06:00 is 16:00Z, later than 15:00Z.
    const merged = mergeConsents(
      [termsConsent({ acceptedAt: '2026-01-05T10:00:00-06:00' }) as never],
      [termsConsent({ acceptedAt: '2026-01-05T15:00:00Z', termsVersion: '2024-06-01' }) as never],
    );
    expect(merged.map((c) => c.acceptedAt)).toEqual(['2026-01-05T10:00:00-06:00']);
  });

  it('accepts the deprecated form on PATCH too', () => {
    const h = harness();
    const customer = create(h, individual());
    const patched = h.ok('PATCH', `/customers/${customer.id}`, { endUserTermsConsent: { acceptedAt: '2026-01-05T10:00:00Z' } });
    expect(patched.agreementConsents).toEqual([{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-05T10:00:00Z', termsVersion: '2025-10-13' }]);
  });

  it.each([
    ['a repeated type', { agreementConsents: [privacy(), privacy()] }, 400, 'INVALID_INPUT'],
    ['both forms at once', { agreementConsents: [privacy()], endUserTermsConsent: { acceptedAt: '2026-01-05T10:00:00Z' } }, 400, 'INVALID_INPUT'],
    ['an unknown version', { agreementConsents: [privacy({ termsVersion: '2020-01-01' })] }, 400, 'END_USER_TERMS_VERSION_NOT_FOUND'],
  ])('rejects %s on PATCH with no event', (_rule, body, status, code) => {
    const h = harness();
    const customer = create(h, individual());
    const before = h.log.length;
    const response = h.call('PATCH', `/customers/${customer.id}`, body);
    expect(response.status).toBe(status);
    expect(codeOf(response)).toBe(code);
    expect(h.log.length).toBe(before);
  });
});
