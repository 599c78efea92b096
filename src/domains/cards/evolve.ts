/**
 * Applies card events to `state.cards`. Deciders checked everything; the evolvers check again what
 * replay must not accept from a corrupt log (a status move the table lacks, a change to a closed
 * card, an id issued twice).
 */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolverTable } from '../evolver.js';
import { CARD_EVENT_TYPES, type CardIssued, type CardProgramConfigured, type CardTokenized, type CardUpdated } from './events.js';
import { CARD_TABLE } from './lifecycle.js';
import { updatedCard } from './record.js';
import { addCard, replaceCard } from './store.js';

/** Evolvers for card events. */
export const cardEvolvers: EvolverTable = {
  [CARD_EVENT_TYPES.issued]: (state, event) => {
    const { card } = event.data as CardIssued;
    assert(!state.cards.byId.has(card.id), `card ${card.id} issued twice`);
    assert(state.accounts.byId.get(card.fundingSource)?.customerId === card.customerId, `card ${card.id} funded by another customer's account`);
    // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
    addCard(state.cards, deepFreeze(card));
  },
  [CARD_EVENT_TYPES.updated]: (state, event) => {
    const data = event.data as CardUpdated;
    const before = state.cards.byId.get(data.cardId);
    assert(before !== undefined, `CardUpdated for unknown card ${data.cardId}`);
    assert(before.status !== 'CLOSED', `CardUpdated for closed card ${data.cardId}`);
    if (data.status !== undefined) {
      assert(data.status.from === before.status, `card ${data.cardId} is ${before.status}, not ${data.status.from}`);
      assert(CARD_TABLE.next(data.status.from, data.status.event) === data.status.to, `card move ${data.status.from} --${data.status.event}--> ${data.status.to} is not in the table`);
    }
    replaceCard(state.cards, before, updatedCard(before, data.changes, data.cleared, data.status?.to ?? before.status, data.updatedAt));
  },
  [CARD_EVENT_TYPES.tokenized]: (state, event) => {
    const data = event.data as CardTokenized;
    const card = state.cards.byId.get(data.cardId);
    assert(card?.cardCapabilities.supportsDigitalWalletTokenization === true, `CardTokenized for card ${data.cardId} that cannot be tokenized`);
  },
  [CARD_EVENT_TYPES.programConfigured]: (state, event) => {
    state.cards.program = freeze(structuredClone((event.data as CardProgramConfigured).program), true);
  },
};
