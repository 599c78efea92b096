/**
 * Card webhooks: `CARD.STATUS_CHANGE` with the card's wire view whenever its status moves
 * (freeze, unfreeze, close). Issuing a card is not a status change (the 201 answers it), and
 * changes of funding source or limits announce nothing. Registered in `NOTIFIERS`.
 */
import type { NotifierTable } from '../notifications.js';
import { CARD_EVENT_TYPES, type CardUpdated } from './events.js';
import { cardView } from './view.js';

/** The webhook type of a card status change (DECISIONS.md). */
export const CARD_STATUS_CHANGE = 'CARD.STATUS_CHANGE';

/** Notifiers for card events. */
export const cardNotifiers: NotifierTable = {
  [CARD_EVENT_TYPES.updated]: (state, event) => {
    const data = event.data as CardUpdated;
    const card = state.cards.byId.get(data.cardId);
    return data.status === undefined || card === undefined ? [] : [{ type: CARD_STATUS_CHANGE, data: cardView(card) }];
  },
};
