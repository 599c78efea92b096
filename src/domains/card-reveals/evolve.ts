/** Card reveals change no state: the log is their audit trail. The evolver checks the card exists. */
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import { CARD_REVEAL_EVENTS, type CardRevealed } from './events.js';

/** Evolvers for card reveal events. */
export const cardRevealEvolvers: EvolverTable = {
  [CARD_REVEAL_EVENTS.revealed]: (state, event) => {
    const { cardId } = event.data as CardRevealed;
    assert(state.cards.byId.has(cardId), `reveal of unknown card ${cardId}`);
  },
};
