/** Applies API token events. Asserts what the deciders checked. */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import { API_TOKEN_EVENTS, type ApiTokenCreated, type ApiTokenDeleted } from './events.js';
import { addToken } from './store.js';

/** Evolvers for API token events. */
export const apiTokenEvolvers: EvolverTable = {
  [API_TOKEN_EVENTS.created]: (state, event) => {
    const { token } = event.data as ApiTokenCreated;
    assert(!state.apiTokens.byId.has(token.id), `API token ${token.id} created twice`);
    assert(!state.apiTokens.byClientId.has(token.clientId), `API token client id ${token.clientId} reused`);
    addToken(state.apiTokens, freeze(structuredClone(token), true));
  },
  [API_TOKEN_EVENTS.deleted]: (state, event) => {
    const { tokenId } = event.data as ApiTokenDeleted;
    const token = state.apiTokens.byId.get(tokenId);
    assert(token !== undefined, `unknown API token ${tokenId} deleted`);
    state.apiTokens.byId.delete(tokenId);
    state.apiTokens.byClientId.delete(token.clientId);
    const at = state.apiTokens.order.indexOf(tokenId);
    state.apiTokens.order.splice(at, 1);
  },
};
