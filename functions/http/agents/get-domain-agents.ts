/**
 * Lambda entry for `GET /api/v1/domains/{domain}/agents` (operation `get_domain_agents`): the
 * API pipeline around `getDomainAgents`; its dependencies come from `getAgentLogDeps`.
 */
import { getDomainAgents } from '#shared/domain/agent-logs/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { AGENT_ROUTES } from '#shared/surfaces/api/routes/agents';
import { getAgentLogDeps } from '#shared/wiring/agent-logs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  AGENT_ROUTES.get_domain_agents,
  getDomainAgents,
  getAgentLogDeps,
  getApiDeps,
);
