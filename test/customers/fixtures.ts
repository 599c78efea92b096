/** Shared request bodies and readers for the customer tests. */
import { expect } from 'vitest';
import type { Harness } from '../support/harness.js';

/** A complete valid INDIVIDUAL create body; `overrides` replace top-level fields. */
export function individual(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerType: 'INDIVIDUAL',
    platformCustomerId: 'user-1',
    fullName: 'Jane Doe',
    birthDate: '1990-04-12',
    nationality: 'US',
    idType: 'SSN',
    identifier: '123-45-6789',
    countryOfIssuance: 'US',
    address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
    ...overrides,
  };
}

/** A valid BUSINESS create body; `overrides` replace top-level fields. */
export function business(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerType: 'BUSINESS',
    platformCustomerId: 'biz-1',
    businessInfo: { legalName: 'Acme Corp', registrationNumber: 'REG-42' },
    address: { line1: '9 Market St', city: 'San Francisco', state: 'CA', postalCode: '94103', country: 'US' },
    ...overrides,
  };
}

/** A consent entry for the current end-user terms. */
export function termsConsent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-05T09:00:00-06:00', termsVersion: '2025-10-13', ...overrides };
}

/** The `field` of every entry of a 400's `details.errors`, in response order. */
export function invalidFields(response: { status: number; body: unknown }): string[] {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const body = response.body as { code: string; details?: { errors?: { field: string }[] } };
  expect(body.code).toBe('INVALID_INPUT');
  return (body.details?.errors ?? []).map((e) => e.field);
}

/** Creates a customer that must succeed; returns its body. */
export function create(h: Harness, body: Record<string, unknown>): any {
  const response = h.call('POST', '/customers', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A body's error `code`. */
export function codeOf(response: { body: unknown }): string {
  return (response.body as { code: string }).code;
}
