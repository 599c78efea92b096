/** The one recorder the contract test's mocked `createEngine` writes into. */
import { recorder } from './recorder.js';

/** Every exchange of every engine made in the contract test. */
export const RECORDER = recorder();
