/** The whole route table, one module per resource. */
import type { DomainState } from '../../domains/state.js';
import type { Route } from '../route.js';
import { agentRoutes } from './agents.js';
import { configRoutes } from './config.js';
import { customerRoutes } from './customers.js';
import { exchangeRateRoutes } from './exchange-rates.js';
import { externalAccountRoutes } from './external-accounts.js';
import { internalAccountRoutes } from './internal-accounts.js';
import { statementRoutes } from './statements.js';
import { transactionRoutes } from './transactions.js';
import { quoteRoutes } from './quotes.js';
import { paymentDocumentRoutes } from './payment-documents.js';
import { depositRoutes } from './deposits.js';
import { sweepRoutes } from './sweeps.js';
import { deprecatedTransferRoutes } from './transfers-deprecated.js';
import { cardRoutes } from './cards.js';
import { cardSimulationRoutes } from './card-simulations.js';
import { stablecoinRoutes } from './stablecoins.js';
import { verificationRoutes } from './verifications.js';
import { documentRoutes } from './documents.js';
import { beneficialOwnerRoutes } from './beneficial-owners.js';
import { customerIdentityRoutes } from './customers-identity.js';
import { tokenRoutes } from './tokens.js';
import { agentExtraRoutes } from './agents-extra.js';
import { extraListRoutes } from './extra-lists.js';
import { umaRoutes } from './uma.js';
import { invitationRoutes } from './invitations.js';
import { webhookRoutes } from './webhooks.js';
import { authRoutes } from './auth.js';
import { walletRoutes } from './wallets.js';
import { scaRoutes } from './sca.js';
import { cardRevealRoutes } from './card-reveal.js';

/** Every route the engine serves. */
export const ROUTES: readonly Route<DomainState>[] = [...customerRoutes, ...internalAccountRoutes, ...statementRoutes, ...externalAccountRoutes, ...configRoutes, ...exchangeRateRoutes, ...transactionRoutes, ...quoteRoutes, ...paymentDocumentRoutes, ...depositRoutes, ...sweepRoutes, ...deprecatedTransferRoutes, ...cardRoutes, ...cardSimulationRoutes, ...stablecoinRoutes, ...agentRoutes, ...verificationRoutes, ...documentRoutes, ...beneficialOwnerRoutes, ...customerIdentityRoutes, ...tokenRoutes, ...agentExtraRoutes, ...extraListRoutes, ...umaRoutes, ...invitationRoutes, ...webhookRoutes, ...authRoutes, ...walletRoutes, ...scaRoutes, ...cardRevealRoutes];
