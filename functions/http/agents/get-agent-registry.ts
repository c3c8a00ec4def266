/**
 * Lambda entry for `GET /api/v1/agent-registry` (operation `get_agent_registry`, public): the API
 * pipeline around `getAgentRegistry`; its dependencies come from `getAgentRegistryDeps`.
 */
import { getAgentRegistry } from '#shared/domain/agents/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { AGENT_ROUTES } from '#shared/surfaces/api/routes/agents';
import { getAgentRegistryDeps } from '#shared/wiring/agent-logs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  AGENT_ROUTES.get_agent_registry,
  getAgentRegistry,
  getAgentRegistryDeps,
  getApiDeps,
);
