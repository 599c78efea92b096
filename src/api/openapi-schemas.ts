/**
 * Request schemas of routes whose modules do not (yet) carry `schema` / `querySchema`, for the
 * generated OpenAPI document: each entry names a domain's exported zod schema, so the document
 * describes exactly what validation accepts. A route's own fields win over this table.
 */
import { z } from 'zod';
import { createAgentSchema, pauseAgentSchema, policyPatchSchema, rejectActionSchema } from '../domains/agents/schema.js';
import { configPatchSchema } from '../domains/config/schema.js';
import { businessCreateSchema, businessPatchSchema, individualCreateSchema, individualPatchSchema } from '../domains/customers/schema.js';
import { approvalSettingSchema, sandboxDepositSchema, umaReceiveSchema } from '../domains/deposits/schema.js';
import { customerExternalAccountCreateSchema, platformExternalAccountCreateSchema, verifyOwnershipSchema } from '../domains/external-accounts/schema.js';
import { createPaymentDocumentSchema } from '../domains/payment-documents/create.js';
import { authorizeQuoteSchema, createQuoteSchema, sandboxSendSchema } from '../domains/quotes/schema.js';
import { exchangeRateListSchema } from '../domains/rates/schema.js';
import { burnBody, linkBody, mintBody, operationListQuery, operatorStatusBody, registerBody } from '../domains/stablecoins/schema.js';
import { createRuleBasedAccountSchema } from '../domains/sweeps/schema.js';
import type { SchemaTable } from './openapi.js';
import { transferInSchema, transferOutSchema } from './routes/transfers-deprecated.js';

/** Body and query schemas by `METHOD path`. */
export const ROUTE_SCHEMAS: SchemaTable = {
  'POST /agents': { body: createAgentSchema },
  'PATCH /agents/{agentId}': { body: pauseAgentSchema },
  'PATCH /agents/{agentId}/policy': { body: policyPatchSchema },
  'POST /agents/{agentId}/actions/{actionId}/reject': { body: rejectActionSchema },
  'POST /agents/me/quotes': { body: createQuoteSchema },
  // A missing body is 400 (the reference requires one); `{}` changes nothing.
  'PATCH /config': { body: configPatchSchema, bodyRequired: true },
  'POST /customers': { body: z.union([individualCreateSchema, businessCreateSchema]) },
  'PATCH /customers/{customerId}': { body: z.union([individualPatchSchema, businessPatchSchema]) },
  'POST /sandbox/uma/receive': { body: umaReceiveSchema },
  'POST /sandbox/internal-accounts/{accountId}/deposit': { body: sandboxDepositSchema },
  'PUT /sandbox/incoming-payments/approval': { body: approvalSettingSchema },
  'POST /customers/external-accounts': { body: customerExternalAccountCreateSchema },
  'POST /platform/external-accounts': { body: platformExternalAccountCreateSchema },
  'POST /customers/external-accounts/{externalAccountId}/verify': { body: verifyOwnershipSchema },
  'POST /platform/external-accounts/{externalAccountId}/verify': { body: verifyOwnershipSchema },
  'POST /payment-documents': { body: createPaymentDocumentSchema },
  'POST /quotes': { body: createQuoteSchema },
  'POST /quotes/{quoteId}/authorize': { body: authorizeQuoteSchema },
  'POST /sandbox/send': { body: sandboxSendSchema },
  'POST /sandbox/exchange-rates': { body: exchangeRateListSchema },
  'POST /stablecoin-provider-accounts': { body: linkBody },
  'POST /stablecoins': { body: registerBody },
  'POST /stablecoins/{stablecoinId}/mints': { body: mintBody },
  'POST /stablecoins/{stablecoinId}/burns': { body: burnBody },
  'GET /stablecoins/{stablecoinId}/operations': { query: operationListQuery },
  'POST /sandbox/stablecoins/{stablecoinId}/grid-operations-status': { body: operatorStatusBody },
  'POST /internal-accounts': { body: createRuleBasedAccountSchema },
  'POST /transfer-in': { body: transferInSchema },
  'POST /transfer-out': { body: transferOutSchema },
};
