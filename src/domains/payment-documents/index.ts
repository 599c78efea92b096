/** Payment documents: records, the purpose → requirement table, events, evolvers, decider, view. */
export { contentTypeOf, createPaymentDocumentSchema, decideCreatePaymentDocument } from './create.js';
export type { CreatePaymentDocumentRequest } from './create.js';
export { PAYMENT_DOCUMENT_EVENTS } from './events.js';
export type { PaymentDocumentCreated } from './events.js';
export { attachDocuments, paymentDocumentEvolvers } from './evolve.js';
export { DOCUMENT_REQUIREMENTS, missingRequirements, PURPOSE_DOCUMENT_REQUIREMENTS, requirementsOf, satisfies } from './requirements.js';
export type { DocumentRequirement } from './requirements.js';
export { emptyPaymentDocumentStore, paymentDocumentStoreFromSnapshot, paymentDocumentStoreSnapshot } from './store.js';
export type { PaymentDocumentStore, PaymentDocumentStoreSnapshot } from './store.js';
export { PAYMENT_DOCUMENT_CONTENT_TYPES, PAYMENT_DOCUMENT_TYPES } from './types.js';
export type { PaymentDocument, PaymentDocumentContentType, PaymentDocumentType } from './types.js';
export { paymentDocumentView } from './view.js';
export type { PaymentDocumentView } from './view.js';
