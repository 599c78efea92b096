/** Helpers for identity tests: customers, documents as multipart uploads, tiny valid files. */
import { encodeForm } from '../../src/api/multipart.js';
import { AUTH, type Harness } from '../support/harness.js';

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** A minimal complete PDF (signature and %%EOF). */
export const PDF = new Uint8Array(ascii('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
/** A minimal complete JPEG (SOI ... EOI). */
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0xff, 0xd9]);
/** A minimal complete PNG (signature, IEND chunk). */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82]);

/** Sends a multipart request at the harness's clock. */
export function upload(h: Harness, method: string, path: string, fields: Record<string, string>, file?: { fileName: string; bytes: Uint8Array }) {
  const form = encodeForm(fields, file === undefined ? {} : { file });
  const { response, events } = h.engine.handle(
    { method, path, headers: { authorization: AUTH, 'content-type': form.contentType }, body: form.body },
    { now: h.now },
  );
  h.log.push(...events);
  return { ...response, events };
}

/** Uploads a PDF document of `documentType` for `holder`; returns its id. */
export function uploadDocument(h: Harness, holder: string, documentType: string, extra: Record<string, string> = {}): string {
  const answer = upload(h, 'POST', '/documents', { documentHolder: holder, documentType, country: 'US', ...extra }, { fileName: 'scan.pdf', bytes: PDF });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: string }).id;
}

/** Every KYC field an individual needs, for `fullName`. */
export function completeIndividual(fullName: string, platformCustomerId = `p-${fullName}`) {
  return {
    customerType: 'INDIVIDUAL',
    platformCustomerId,
    fullName,
    birthDate: '1990-04-12',
    nationality: 'US',
    idType: 'SSN',
    identifier: '123-45-6789',
    address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
  };
}

/** A business with its address and `registrationNumber`. */
export function business(registrationNumber: string | undefined, platformCustomerId = `b-${registrationNumber}`) {
  return {
    customerType: 'BUSINESS',
    platformCustomerId,
    businessInfo: { legalName: 'Acme LLC', ...(registrationNumber === undefined ? {} : { registrationNumber }) },
    address: { line1: '400 Commerce Way', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
  };
}

/** A beneficial owner body for `customerId` with `lastName`. */
export function owner(customerId: string, lastName: string) {
  return {
    customerId,
    roles: ['UBO'],
    ownershipPercentage: 60,
    personalInfo: {
      firstName: 'Jane',
      lastName,
      birthDate: '1978-06-15',
      nationality: 'US',
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
      idType: 'SSN',
      identifier: '123-45-6789',
    },
  };
}

/** Webhook types queued by `events`. */
export function webhookTypes(events: readonly { type: string; data: unknown }[]): string[] {
  return events.filter((e) => e.type === 'WebhookQueued').map((e) => (e.data as { type: string }).type);
}
