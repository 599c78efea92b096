/** The whole route table, one module per resource. */
import type { DomainState } from '../../domains/state.js';
import type { Route } from '../route.js';
import { customerRoutes } from './customers.js';
import { internalAccountRoutes } from './internal-accounts.js';
import { statementRoutes } from './statements.js';

/** Every route the engine serves. */
export const ROUTES: readonly Route<DomainState>[] = [...customerRoutes, ...internalAccountRoutes, ...statementRoutes];
