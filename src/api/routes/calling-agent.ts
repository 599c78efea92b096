/** The agent behind a Bearer-authenticated route: shared by the `/agents/me/...` route modules. */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { type Agent, type AgentPermission, checkNotPaused, checkPermission, liveAgent } from '../../domains/agents/index.js';
import type { DomainState } from '../../domains/state.js';
import type { RouteContext } from '../route.js';

/** The calling agent (Bearer), refused with 403 when paused and, if given, without `permission`. */
export function callingAgent(context: RouteContext<DomainState>, permission?: AgentPermission): Result<Agent, ApiError> {
  const { principal, state } = context;
  // The route's auth is 'agent', so authentication resolved a live agent.
  const agent = principal.kind === 'agent' ? liveAgent(state.agents, principal.agentId) : undefined;
  if (agent === undefined) return err(apiError('UNAUTHORIZED', 'Invalid or revoked access token'));
  const paused = checkNotPaused(agent);
  if (!paused.ok) return paused;
  if (permission !== undefined) {
    const permitted = checkPermission(agent, permission);
    if (!permitted.ok) return permitted;
  }
  return ok(agent);
}
