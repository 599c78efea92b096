/** GET /customers/agreements (the catalogue) and the deprecated GET /customers/end-user-terms. */
import { describe, expect, it } from 'vitest';
import { AGREEMENTS, AGREEMENT_TYPES } from '../../src/domains/customers/agreements.js';
import { harness } from '../support/harness.js';

describe('GET /customers/agreements', () => {
  it('lists each agreement with its type, current version and hosted url', () => {
    const h = harness();
    const response = h.call('GET', '/customers/agreements');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        { type: 'SVC_END_USER_TERMS', version: '2025-10-13', url: 'https://legal.svc.example/agreements/svc-end-user-terms/2025-10-13' },
        { type: 'SVC_PRIVACY_POLICY', version: '2025-10-13', url: 'https://legal.svc.example/agreements/svc-privacy-policy/2025-10-13' },
      ],
      hasMore: false,
      totalCount: 2,
    });
    expect(response.events).toEqual([]);
  });

  it('is the catalogue constant: types in order, each current version among its known versions', () => {
    expect(AGREEMENTS.map((a) => a.type)).toEqual([...AGREEMENT_TYPES]);
    for (const agreement of AGREEMENTS) expect(agreement.knownVersions).toContain(agreement.version);
    expect(Object.isFrozen(AGREEMENTS)).toBe(true);
  });

  it('is not read as a customer id', () => {
    expect(harness().call('GET', '/customers/agreements').status).toBe(200);
  });
});

describe('GET /customers/end-user-terms (deprecated)', () => {
  it('answers {version, url} of the current SVC_END_USER_TERMS', () => {
    const response = harness().call('GET', '/customers/end-user-terms');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: '2025-10-13',
      url: 'https://legal.svc.example/agreements/svc-end-user-terms/2025-10-13',
    });
  });
});
