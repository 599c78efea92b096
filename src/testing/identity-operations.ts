/**
 * The simulator's identity operations (issue 13): complete KYC/KYB submissions, document uploads
 * (multipart, built like the identity tests do), replacements and deletions, beneficial owners,
 * the hosted KYC link and its sandbox completion, EEA contact verification with the sandbox code,
 * and small bulk CSV uploads. Identity customers are kept apart from the money operations'
 * customers: on the regulated sandbox platform those resolve KYC at creation, while these are
 * created waiting (name suffix 001/003, businesses UNVERIFIED) so that a submission decides them.
 * None of them moves money, so every one declares no balance effect.
 */
import type { HttpResponse } from '../api/http.js';
import { encodeForm } from '../api/multipart.js';
import type { BalanceEffect, ModelDocument, ModelIdentityCustomer, SessionModel } from './model.js';
import { must, pick, send, serial } from './requests.js';
import type { OperationCall, OperationContext, OperationDefinition } from './session.js';

/** Most identity customers a session creates while others of the wanted kind exist. */
const IDENTITY_CUSTOMERS_MAX = 8;
/** Most beneficial owners per business (20% each, so ownership never passes 100%). */
const OWNERS_PER_BUSINESS_MAX = 4;
/** Most bulk jobs a session uploads; later draws read a job instead. */
const BULK_JOBS_MAX = 12;
/** A hosted link is usable for 24 hours (docs/identity.md), then completion finds no open link. */
const KYC_LINK_VALID_MS = 24 * 3_600_000;
/** The sandbox's fixed contact verification code (spec: contact verification). */
const SANDBOX_CONTACT_CODE = '123456';

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Barbara Liskov'];
const TERMS = [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '2025-10-13' }];
const US_ADDRESS = { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };
const EEA_ADDRESS = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
/** Name and registration suffixes a submission may meet (spec: KYC/KYB sandbox tables). */
const SUFFIXES = ['001', '002', '003', '004'] as const;
/** Identity document types of a person, with the sides each is uploaded with ('' for none). */
const PERSON_DOCUMENTS = [
  { documentType: 'PASSPORT', side: '' },
  { documentType: 'DRIVERS_LICENSE', side: 'FRONT' },
  { documentType: 'DRIVERS_LICENSE', side: 'BACK' },
  { documentType: 'NATIONAL_ID', side: 'FRONT' },
] as const;
/** One document of each category a KYB packet needs: legal presence, ownership, proof of address. */
const BUSINESS_DOCUMENTS = [
  { documentType: 'CERTIFICATE_OF_INCORPORATION', side: '' },
  { documentType: 'SHAREHOLDER_REGISTER', side: '' },
  { documentType: 'UTILITY_BILL', side: '' },
] as const;
const IDENTITY_TYPES = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
/** A minimal complete PDF (signature and %%EOF), as the identity tests upload. */
const PDF = new Uint8Array(ascii('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
/** A minimal complete PNG (signature, IEND chunk): replacements send a different file. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82]);

const NOTHING: BalanceEffect = {};
type Run<T> = Generator<OperationCall, T, HttpResponse>;

const isFinal = (c: ModelIdentityCustomer): boolean => c.status === 'APPROVED' || c.status === 'REJECTED';

/** Sends a multipart form (fields and an optional `file` part) and requires one of `accept`. */
function* multipart(context: OperationContext, method: string, path: string, fields: Record<string, string>, file: { fileName: string; bytes: Uint8Array; mediaType?: string }, accept: readonly number[]): Run<any> {
  const form = encodeForm(fields, { file });
  return yield* must(context, method, path, form.body, { 'content-type': form.contentType }, accept);
}

/** Creates an identity customer: an individual named for a waiting row (001/003) or a business. */
function* createIdentityCustomer(context: OperationContext, n: number, business: boolean, eea: boolean): Run<ModelIdentityCustomer> {
  const { model } = context;
  const number = serial(model);
  const platformCustomerId = `sim-id-${number}`;
  const address = eea ? EEA_ADDRESS : US_ADDRESS;
  const suffix: string = business ? (SUFFIXES[n % SUFFIXES.length] ?? '004') : n % 2 === 0 ? '001' : '003';
  const body = business
    ? { customerType: 'BUSINESS', platformCustomerId, businessInfo: { legalName: `Identity ${number} LLC`, registrationNumber: `REG-I${number}-${suffix}` }, address, agreementConsents: TERMS }
    : {
        customerType: 'INDIVIDUAL',
        platformCustomerId,
        fullName: `${NAMES[n % NAMES.length]} ${suffix}`,
        birthDate: '1990-04-12',
        nationality: eea ? 'DE' : 'US',
        idType: 'SSN',
        identifier: '123-45-6789',
        address,
        agreementConsents: TERMS,
      };
  const created = yield* must(context, 'POST', '/customers', body);
  const customer: ModelIdentityCustomer = { id: created.id, business, eea, status: String(business ? created.kybStatus : created.kycStatus), emailVerified: false, phoneVerified: false, linkExpiriesMs: [], suffix };
  model.identityCustomers.push(customer);
  return customer;
}

/** An identity customer matching `wanted` picked by `n`; a new one when none matches (or, under the cap, now and then). */
function* identityCustomer(context: OperationContext, n: number, wanted: (c: ModelIdentityCustomer) => boolean, make: { business: boolean; eea: boolean }): Run<ModelIdentityCustomer> {
  const { model } = context;
  const matching = model.identityCustomers.filter(wanted);
  const chosen = pick(matching, n);
  if (chosen !== undefined && (model.identityCustomers.length >= IDENTITY_CUSTOMERS_MAX || n % 3 !== 0)) return chosen;
  return yield* createIdentityCustomer(context, n, make.business, make.eea);
}

/** Verifies the EEA customer's email and phone with the sandbox code (both needed before KYC/KYB). */
function* clearContact(context: OperationContext, who: ModelIdentityCustomer): Run<void> {
  if (!who.eea) return;
  for (const channel of ['email', 'phone'] as const) {
    const done = channel === 'email' ? who.emailVerified : who.phoneVerified;
    if (done) continue;
    yield* must(context, 'POST', `/customers/${who.id}/verify-${channel}`, undefined, {}, [204]);
    yield* must(context, 'POST', `/customers/${who.id}/verify-${channel}/confirm`, { code: SANDBOX_CONTACT_CODE });
    if (channel === 'email') who.emailVerified = true;
    else who.phoneVerified = true;
  }
}

/** Uploads a PDF of `documentType` (and `side`) for `holderId`; records it. */
function* uploadDocument(context: OperationContext, holderId: string, documentType: string, side: string): Run<ModelDocument> {
  const { model } = context;
  const fields: Record<string, string> = { documentHolder: holderId, documentType, country: 'US', ...(side === '' ? {} : { side }) };
  const body = yield* multipart(context, 'POST', '/documents', fields, { fileName: 'scan.pdf', bytes: PDF, mediaType: 'application/pdf' }, [201]);
  const document: ModelDocument = { id: body.id, holderId, documentType, side };
  model.documents.push(document);
  model.documentIds.push(document.id);
  return document;
}

/** Everything a complete packet needs besides the customer's fields: documents and, for KYB, an owner. */
function* completePacket(context: OperationContext, who: ModelIdentityCustomer, n: number): Run<void> {
  const { model } = context;
  const mine = model.documents.filter((d) => d.holderId === who.id);
  if (who.business) {
    for (const needed of BUSINESS_DOCUMENTS) {
      if (!mine.some((d) => d.documentType === needed.documentType)) yield* uploadDocument(context, who.id, needed.documentType, needed.side);
    }
    if (!model.beneficialOwners.some((o) => o.customerId === who.id)) yield* createOwner(context, who, n);
  } else if (!mine.some((d) => IDENTITY_TYPES.includes(d.documentType))) {
    yield* uploadDocument(context, who.id, 'PASSPORT', '');
  }
}

/** Renames the customer to a suffix of the sandbox table (the next submission applies its row). */
function* rename(context: OperationContext, who: ModelIdentityCustomer, n: number): Run<void> {
  const suffix = SUFFIXES[n % SUFFIXES.length] ?? '004';
  const body = who.business
    ? { businessInfo: { legalName: `Identity ${n % 100} LLC`, registrationNumber: `REG-R${n % 1000}-${suffix}` } }
    : { fullName: `${NAMES[n % NAMES.length]} ${suffix}` };
  yield* must(context, 'PATCH', `/customers/${who.id}`, body);
  who.suffix = suffix;
}

/**
 * The outcome the sandbox tables give a complete packet of a customer whose status is not final
 * (docs/identity.md): KYC 001 review, 002 rejected, 003 resolve errors, else approved; KYB 001 and
 * 003 review, 002 rejected, else approved.
 */
export function expectedVerificationStatus(business: boolean, suffix: string): string {
  if (suffix === '002') return 'REJECTED';
  if (suffix === '001') return 'PENDING_MANUAL_REVIEW';
  if (suffix === '003') return business ? 'PENDING_MANUAL_REVIEW' : 'RESOLVE_ERRORS';
  return 'APPROVED';
}

/** Holds a submission's answer to the sandbox table, then reads the customer's status back. */
function* judged(context: OperationContext, who: ModelIdentityCustomer, verification: { id: string; verificationStatus: string; errors?: unknown }): Run<void> {
  context.model.verificationIds.push(verification.id);
  const want = expectedVerificationStatus(who.business, who.suffix);
  if (verification.verificationStatus !== want) {
    throw new Error(`verification of ${who.business ? 'business' : 'individual'} ${who.id} with suffix ${who.suffix} answered ${verification.verificationStatus} (errors ${JSON.stringify(verification.errors)}), the sandbox table says ${want}`);
  }
  yield* refreshStatus(context, who);
}

/** Reads the customer's `kycStatus` / `kybStatus` into the model after a submission. */
function* refreshStatus(context: OperationContext, who: ModelIdentityCustomer): Run<void> {
  const body = yield* must(context, 'GET', `/customers/${who.id}`);
  who.status = String(who.business ? body.kybStatus : body.kycStatus);
}

/** Adds a beneficial owner (20%) whose last name ends in a sandbox suffix. */
function* createOwner(context: OperationContext, business: ModelIdentityCustomer, n: number): Run<void> {
  const { model } = context;
  const body = yield* must(context, 'POST', '/beneficial-owners', {
    customerId: business.id,
    roles: ['UBO'],
    ownershipPercentage: 20,
    personalInfo: {
      firstName: 'Jane',
      lastName: `Doe${SUFFIXES[n % SUFFIXES.length]}`,
      birthDate: '1978-06-15',
      nationality: 'US',
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
      idType: 'SSN',
      identifier: '123-45-6789',
    },
  });
  model.beneficialOwners.push({ id: body.id, customerId: business.id });
}

/**
 * A customer that a submission may still decide (under the cap a new one, now and then). When the
 * cap is reached and every one is final, a final one is deleted first (it holds no money and no
 * card, so `DELETE /customers/{id}` accepts it), which keeps long sessions submitting.
 */
function* undecided(context: OperationContext, n: number): Run<ModelIdentityCustomer> {
  const { model } = context;
  if (model.identityCustomers.length >= IDENTITY_CUSTOMERS_MAX && model.identityCustomers.every(isFinal)) {
    yield* retire(context, pick(model.identityCustomers, n) as ModelIdentityCustomer);
  }
  const business = n % 3 === 2;
  return yield* identityCustomer(context, n, (c) => !isFinal(c), { business, eea: n % 5 === 0 });
}

/** Deletes a decided identity customer; its documents and owners leave the live lists (their ids stay read). */
function* retire(context: OperationContext, who: ModelIdentityCustomer): Run<void> {
  const { model } = context;
  const deleted = yield* must(context, 'DELETE', `/customers/${who.id}`);
  if (deleted.isDeleted !== true) throw new Error(`DELETE /customers/${who.id} answered isDeleted ${String(deleted.isDeleted)}`);
  model.identityCustomers.splice(model.identityCustomers.indexOf(who), 1);
  model.retiredCustomerIds.push(who.id);
  const holders = new Set([who.id, ...model.beneficialOwners.filter((o) => o.customerId === who.id).map((o) => o.id)]);
  for (let i = model.documents.length - 1; i >= 0; i -= 1) if (holders.has(model.documents[i]?.holderId ?? '')) model.documents.splice(i, 1);
}

/** The identity operations, merged into `OPERATIONS` under the resource `identity`. */
export const IDENTITY_OPERATIONS: Readonly<Record<string, OperationDefinition>> = {
  'identity.verify': {
    resource: 'identity',
    *run(context) {
      const { model, operation } = context;
      const decided = pick(model.identityCustomers.filter(isFinal), operation.a);
      if (decided !== undefined && operation.b % 4 === 0) {
        // A final status never changes: a new submission is refused with 400 and writes nothing.
        yield* must(context, 'POST', '/verifications', { customerId: decided.id }, {}, [400]);
        return NOTHING;
      }
      const who = yield* undecided(context, operation.a);
      yield* clearContact(context, who);
      yield* completePacket(context, who, operation.c);
      if (operation.b % 3 !== 0) yield* rename(context, who, operation.b);
      yield* judged(context, who, yield* must(context, 'POST', '/verifications', { customerId: who.id }, {}, [200]));
      return NOTHING;
    },
  },
  'identity.document': {
    resource: 'identity',
    *run(context) {
      const { model, operation } = context;
      const action = operation.b % 3;
      const existing = pick(model.documents, operation.a);
      if (action === 1 && existing !== undefined) {
        // Replace the file and metadata (a PNG this time); clears the "submitted" mark.
        const fields: Record<string, string> = { documentType: existing.documentType, country: 'US', ...(existing.side === '' ? {} : { side: existing.side }) };
        yield* multipart(context, 'PUT', `/documents/${existing.id}`, fields, { fileName: 'rescan.png', bytes: PNG, mediaType: 'image/png' }, [200]);
        return NOTHING;
      }
      if (action === 2 && existing !== undefined) {
        // Refused (409) while a decided verification used it; a refusal writes nothing.
        const answer = yield* send(context, 'DELETE', `/documents/${existing.id}`);
        if (answer.status === 204) model.documents.splice(model.documents.indexOf(existing), 1);
        else if (answer.status !== 409) throw new Error(`DELETE /documents/${existing.id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        return NOTHING;
      }
      // Upload for a customer or (one time in three) a beneficial owner, a (type, side) it lacks.
      const liveOwners = model.beneficialOwners.filter((o) => model.identityCustomers.some((c) => c.id === o.customerId));
      const owner = operation.c % 3 === 0 ? pick(liveOwners, operation.c) : undefined;
      let holderId: string;
      let choices: readonly { documentType: string; side: string }[];
      if (owner !== undefined) {
        holderId = owner.id;
        choices = PERSON_DOCUMENTS;
      } else {
        const who = yield* identityCustomer(context, operation.a, () => true, { business: operation.a % 3 === 2, eea: operation.a % 5 === 0 });
        holderId = who.id;
        choices = who.business ? BUSINESS_DOCUMENTS : PERSON_DOCUMENTS;
      }
      const free = choices.filter((d) => !model.documents.some((m) => m.holderId === holderId && m.documentType === d.documentType && m.side === d.side));
      const choice = pick(free, operation.c);
      if (choice !== undefined) yield* uploadDocument(context, holderId, choice.documentType, choice.side);
      return NOTHING;
    },
  },
  'identity.owner': {
    resource: 'identity',
    *run(context) {
      const { model, operation } = context;
      const business = yield* identityCustomer(context, operation.a, (c) => c.business, { business: true, eea: false });
      const owners = model.beneficialOwners.filter((o) => o.customerId === business.id);
      const existing = pick(owners, operation.c);
      if (existing === undefined || (owners.length < OWNERS_PER_BUSINESS_MAX && operation.b % 2 === 0)) {
        // An owner added after the business resolved resolves at once (docs/identity.md).
        yield* createOwner(context, business, operation.c);
        return NOTHING;
      }
      const patch = operation.b % 4 === 1
        ? { personalInfo: { lastName: `Doe${SUFFIXES[operation.c % SUFFIXES.length]}` } }
        : { personalInfo: { address: { line1: `${2 + (operation.c % 90)} Oak Ave`, city: 'Springfield', postalCode: '62701', country: 'US' } } };
      yield* must(context, 'PATCH', `/beneficial-owners/${existing.id}`, patch);
      return NOTHING;
    },
  },
  'identity.link': {
    resource: 'identity',
    *run(context) {
      const { model, operation } = context;
      const decided = pick(model.identityCustomers.filter(isFinal), operation.a);
      if (decided !== undefined && operation.b % 4 === 0) {
        // Refused like a submission once the status is final.
        yield* must(context, 'POST', `/customers/${decided.id}/kyc-link`, undefined, {}, [400]);
        return NOTHING;
      }
      const who = yield* undecided(context, operation.a);
      yield* clearContact(context, who);
      const mode = operation.b % 3;
      if (mode !== 1 || who.linkExpiriesMs.length === 0) {
        // Issue a link (mode 0 leaves it open for a later completion).
        const body = operation.c % 2 === 0 ? { redirectUri: 'https://app.example.com/kyc/done' } : undefined;
        yield* must(context, 'POST', `/customers/${who.id}/kyc-link`, body, {}, [201]);
        who.linkExpiriesMs.push(context.nowMs + KYC_LINK_VALID_MS);
        if (mode === 0) return NOTHING;
      }
      // Completion finishes the newest link still open (unused and not expired), else 409.
      const open = who.linkExpiriesMs.filter((expiresMs) => expiresMs > context.nowMs);
      if (open.length === 0) {
        yield* must(context, 'POST', `/sandbox/customers/${who.id}/kyc-link/complete`, undefined, {}, [409]);
        who.linkExpiriesMs.length = 0;
        return NOTHING;
      }
      const newest = Math.max(...open);
      who.linkExpiriesMs.splice(0, who.linkExpiriesMs.length, ...open.filter((expiresMs, i) => expiresMs !== newest || open.indexOf(newest) !== i));
      yield* judged(context, who, yield* must(context, 'POST', `/sandbox/customers/${who.id}/kyc-link/complete`, undefined, {}, [200]));
      return NOTHING;
    },
  },
  'identity.contact': {
    resource: 'identity',
    *run(context) {
      const { operation } = context;
      const who = yield* identityCustomer(context, operation.a, (c) => c.eea, { business: operation.a % 3 === 2, eea: true });
      const channel = operation.b % 2 === 0 ? 'email' : 'phone';
      const done = channel === 'email' ? who.emailVerified : who.phoneVerified;
      if (done) {
        // Already VERIFIED: sending again is refused (409) and writes nothing.
        yield* must(context, 'POST', `/customers/${who.id}/verify-${channel}`, undefined, {}, [409]);
        return NOTHING;
      }
      yield* must(context, 'POST', `/customers/${who.id}/verify-${channel}`, undefined, {}, [204]);
      if (operation.c % 3 === 0) yield* must(context, 'POST', `/customers/${who.id}/verify-${channel}`, undefined, {}, [204]); // resend
      if (operation.c % 4 !== 1) {
        yield* must(context, 'POST', `/customers/${who.id}/verify-${channel}/confirm`, { code: SANDBOX_CONTACT_CODE });
        if (channel === 'email') who.emailVerified = true;
        else who.phoneVerified = true;
      }
      return NOTHING;
    },
  },
  'identity.bulk': {
    resource: 'identity',
    *run(context) {
      const { model, operation } = context;
      if (model.bulkJobIds.length >= BULK_JOBS_MAX) {
        yield* must(context, 'GET', `/customers/bulk/jobs/${pick(model.bulkJobIds, operation.a)}`);
        return NOTHING;
      }
      const job = yield* must(context, 'POST', '/customers/bulk/csv', ...bulkForm(model, operation.b));
      model.bulkJobIds.push(job.jobId);
      yield* must(context, 'GET', `/customers/bulk/jobs/${job.jobId}`);
      return NOTHING;
    },
  },
};

/** A CSV of one to three rows (individuals, and a business one time in two) as a multipart form. */
function bulkForm(model: SessionModel, n: number): [Uint8Array, Record<string, string>, readonly number[]] {
  const header = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,platformAccountId,businessLegalName';
  const rows: string[] = [];
  for (let i = 0; i <= n % 3; i += 1) {
    const number = serial(model);
    rows.push(i === 1 && n % 2 === 0
      ? `,sim-bulk-${number},BUSINESS,,,400 Commerce Way,Austin,TX,78701,US,,Bulk ${number} Inc`
      : `,sim-bulk-${number},INDIVIDUAL,${NAMES[(n + i) % NAMES.length]},1990-01-15,123 Main St,San Francisco,CA,94105,US,,`);
  }
  const form = encodeForm({}, { file: { fileName: 'customers.csv', bytes: new TextEncoder().encode(`${header}\n${rows.join('\n')}\n`), mediaType: 'text/csv' } });
  return [form.body, { 'content-type': form.contentType }, [202]];
}
