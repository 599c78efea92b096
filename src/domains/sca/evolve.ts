/** Applies SCA events: each sets the customer's record. */
import { freeze } from 'immer';
import type { Evolver, EvolverTable } from '../evolver.js';
import { SCA_EVENTS, type ScaRecordChanged } from './events.js';

const setRecord: Evolver = (state, event) => {
  const { record } = event.data as ScaRecordChanged;
  state.sca.byCustomer.set(record.customerId, freeze(structuredClone(record), true));
};

/** Evolvers for SCA events. */
export const scaEvolvers: EvolverTable = Object.fromEntries(Object.values(SCA_EVENTS).map((type) => [type, setRecord]));
