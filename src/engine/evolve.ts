/**
 * Applies one logged event to the state: first its money movements (`data.transfers`, one
 * linked batch), then the domain's evolver. This is the whole of replay.
 */
import { assert } from '../core/assert.js';
import { instantToMs } from '../core/time.js';
import { configEvolvers } from '../domains/config/evolve.js';
import { accountEvolvers } from '../domains/internal-accounts/evolve.js';
import { customerEvolvers } from '../domains/customers/evolve.js';
import { externalAccountEvolvers } from '../domains/external-accounts/evolve.js';
import { applyTransfers, type TransferRecord } from '../domains/movement.js';
import { platformEvolvers } from '../domains/platform/evolve.js';
import { rateEvolvers } from '../domains/rates/evolve.js';
import type { DomainState } from '../domains/state.js';
import { ENGINE_EVENTS, engineEvolvers } from './engine-events.js';
import { checkpointEvolvers } from './checkpoint-events.js';
import { statementEvolvers } from '../domains/statements/evolve.js';
import type { EvolveContext, Evolver } from '../domains/evolver.js';
import { webhookEvolvers } from '../domains/notifications.js';
import { timerEvolvers } from '../domains/timers.js';
import { transactionEvolvers } from '../domains/transactions/evolve.js';
import { quoteEvolvers } from '../domains/quotes/evolve.js';
import { paymentDocumentEvolvers } from '../domains/payment-documents/evolve.js';
import { incomingEvolvers } from '../domains/deposits/evolve.js';
import { cardEvolvers } from '../domains/cards/evolve.js';
import { cardTransactionEvolvers } from '../domains/card-transactions/evolve.js';
import { stablecoinEvolvers } from '../domains/stablecoins/evolve.js';
import { agentEvolvers } from '../domains/agents/evolve.js';
import { apiTokenEvolvers } from '../domains/api-tokens/evolve.js';
import { invitationEvolvers } from '../domains/invitations/evolve.js';
import { authEvolvers } from '../domains/auth/evolve.js';
import { scaEvolvers } from '../domains/sca/evolve.js';
import { cardRevealEvolvers } from '../domains/card-reveals/evolve.js';
import type { EventEnvelope } from '../log/index.js';
import { verificationEvolvers } from '../domains/verifications/evolve.js';
import { documentEvolvers } from '../domains/documents/evolve.js';
import { beneficialOwnerEvolvers } from '../domains/beneficial-owners/evolve.js';
import { bulkCustomerEvolvers } from '../domains/bulk-customers/evolve.js';
import { LIST_INDEXERS } from '../domains/listing/evolve.js';

const DOMAIN_EVOLVERS: Readonly<Record<string, Evolver>> = {
    ...platformEvolvers,
    ...accountEvolvers,
    ...customerEvolvers,
    ...statementEvolvers,
    ...timerEvolvers,
    ...configEvolvers,
    ...rateEvolvers,
    ...externalAccountEvolvers,
    ...transactionEvolvers,
    ...quoteEvolvers,
    ...paymentDocumentEvolvers,
    ...incomingEvolvers,
    ...cardEvolvers,
    ...cardTransactionEvolvers,
    ...stablecoinEvolvers,
    ...agentEvolvers,
    ...verificationEvolvers,
    ...documentEvolvers,
    ...beneficialOwnerEvolvers,
    ...bulkCustomerEvolvers,
    ...apiTokenEvolvers,
    ...invitationEvolvers,
    ...authEvolvers,
    ...scaEvolvers,
    ...cardRevealEvolvers,
    ...webhookEvolvers,
    ...engineEvolvers,
    ...checkpointEvolvers,
};

/**
 * `evolver` with its list-index upkeep around it (domains/listing), composed once at load into
 * one closure per shape: no optional calls per event, and no wrapper where there is no upkeep.
 */
function withListIndexer(type: string, evolver: Evolver): Evolver {
  const indexer = LIST_INDEXERS.get(type);
  const before = indexer?.before;
  const after = indexer?.after;
  if (before === undefined) {
    if (after === undefined) return evolver;
    return (state, event, context) => {
      evolver(state, event, context);
      after(state, event, context);
    };
  }
  if (after === undefined) {
    return (state, event, context) => {
      before(state, event, context);
      evolver(state, event, context);
    };
  }
  return (state, event, context) => {
    before(state, event, context);
    evolver(state, event, context);
    after(state, event, context);
  };
}

// One lookup per event: the list indexes follow the stores each evolver writes.
const EVOLVERS: ReadonlyMap<string, Evolver> = new Map(Object.entries(DOMAIN_EVOLVERS).map(([type, evolver]) => [type, withListIndexer(type, evolver)]));

/**
 * Applies `event` in place; `context.recheckRecords` re-validates whole records (handle, and a
 * replay asked to). A failure is a bug or a corrupt log: it throws InvariantError.
 */
export function evolve(state: DomainState, event: EventEnvelope, context: EvolveContext): void {
  // A bare movement (most events of a busy log) has no evolver to look up: its transfers are all.
  const bare = event.type === ENGINE_EVENTS.ledgerTransfersCreated;
  const evolver = bare ? undefined : EVOLVERS.get(event.type);
  // Messages are built only on failure: replay calls this millions of times.
  if (!bare && evolver === undefined) {
    assert(false, `unknown event type ${event.type} at seq ${event.seq}`);
  }
  const transfers = (event.data as { transfers?: readonly TransferRecord[] } | null)?.transfers;
  if (transfers !== undefined && transfers.length > 0) applyTransfers(state.ledger, transfers, instantToMs(event.at));
  if (evolver !== undefined) evolver(state, event, context);
}
