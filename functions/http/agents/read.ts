/**
 * Lambda entry for the agent analytics' read routes, one function (docs/decisions.md "Agent
 * analytics (issue 30)"): `GET /api/v1/domains/{domain}/agent-logs/{id}` (`getAgentLog`),
 * `GET /api/v1/domains/{domain}/agents` (`getDomainAgents`), both with `getAgentLogDeps`, and the
 * public `GET /api/v1/agent-registry` (`getAgentRegistry`, `getAgentRegistryDeps`): the API
 * pipeline around each; the route key picks the route. Nothing else belongs here.
 */
import { getAgentLog, getDomainAgents } from '#shared/domain/agent-logs/operations';
import { getAgentRegistry } from '#shared/domain/agents/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { AGENT_ROUTES } from '#shared/surfaces/api/routes/agents';
import { dispatchByRouteKey } from '#shared/surfaces/http/route-key';
import { getAgentLogDeps, getAgentRegistryDeps } from '#shared/wiring/agent-logs';
import { getApiDeps } from '#shared/wiring/api';

const { get_agent_log, get_domain_agents, get_agent_registry } = AGENT_ROUTES;

const handlers: Record<string, (event: never, context: never) => unknown> = {
  [get_agent_log.path]: createApiHandler(get_agent_log, getAgentLog, getAgentLogDeps, getApiDeps),
  [get_domain_agents.path]: createApiHandler(
    get_domain_agents,
    getDomainAgents,
    getAgentLogDeps,
    getApiDeps,
  ),
  [get_agent_registry.path]: createApiHandler(
    get_agent_registry,
    getAgentRegistry,
    getAgentRegistryDeps,
    getApiDeps,
  ),
};

export const handler = dispatchByRouteKey(handlers, 'agent');
