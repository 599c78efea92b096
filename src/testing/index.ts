/**
 * payments-engine/testing: the deterministic simulator and its parts, for property tests of the
 * engine and of servers built on it. Needs `fast-check` (an optional peer dependency) for the
 * arbitraries. See docs/testing.md.
 */

// Sessions of valid operations, driven against any target.
export { describeOperation, get, runSession, runSessionAsync, SessionFailure, sessionCalls } from './session.js';
export type {
  AsyncTarget,
  Operation,
  OperationCall,
  OperationContext,
  OperationDefinition,
  OperationRun,
  SessionCall,
  SessionOptions,
  SessionReport,
  SyncTarget,
} from './session.js';

// The operations of every resource.
export { OPERATIONS, RESOURCES, SESSION_CUSTOMERS_MAX, SESSION_RESOURCES_MAX, SIMULATED_RATES, SIMULATED_SUFFIXES } from './operations.js';

// Embedded wallets and SCA (issue 14): their operations and the client that plays them.
export { SESSION_WALLETS_MAX, WALLET_OPERATIONS } from './wallet-operations.js';
export { SCA_OPERATIONS, SESSION_SCA_CUSTOMERS_MAX } from './sca-operations.js';
export { assertion, assertionJson, clientKey, keyOfPrivate, newAuthenticator, oidcNonce, oidcToken, openSealed, registration, sealOtpCode, stamp } from './wallet-client.js';
export type { AssertionChallenge, AuthenticatorState, ClientKey } from './wallet-client.js';
export { sessionActive, walletReads } from './wallet-model.js';
export type { ModelDelegatedKey, ModelScaCustomer, ModelScaReset, ModelWallet, ModelWalletCredential, ModelWalletSession, WalletCredentialType } from './wallet-model.js';

// fast-check arbitraries of valid sessions.
export { kindsOf, operationArbitrary, sessionArbitrary, SESSIONS_BY_RESOURCE } from './arbitraries.js';
export type { ArbitraryOptions } from './arbitraries.js';

// The balance model.
export { compareBalances, emptyModel } from './model.js';
export type {
  BalanceEffect,
  BalanceMismatch,
  Direction,
  ModelAgent,
  ModelCard,
  ModelCardTransaction,
  ModelCustomer,
  ExactChange,
  ModelExternalAccount,
  ModelRuleBasedAccount,
  ModelStablecoin,
  ObservedBalance,
  SessionModel,
} from './model.js';

// Invariant checks: ledger, world accounts, rebuilds answering as the live engine.
export { answersOf, checkRebuilds, ledgerProblems, readRequests, worldProblems } from './checks.js';
export type { EquivalenceProblem, RebuildOptions } from './checks.js';

// The seeded simulator.
export {
  checkEngineSession,
  describeCounts,
  operationsOf,
  randomOperation,
  SANDBOX_AUTHORIZATION,
  sessionOptions,
  simulate,
  SIMULATION_START_MS,
  SimulationFailure,
} from './simulate.js';
export type { EngineSessionOptions, EngineSessionReport, SimulationOptions, SimulationReport } from './simulate.js';
export { createRandom } from './random.js';
export type { Random } from './random.js';
