/**
 * Lambda entry for `GET /api/v1/domains/{domain}/agent-logs/{id}` (operation `get_agent_log`):
 * the API pipeline around `getAgentLog`; its dependencies come from `getAgentLogDeps`.
 */
import { getAgentLog } from '#shared/domain/agent-logs/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { AGENT_ROUTES } from '#shared/surfaces/api/routes/agents';
import { getAgentLogDeps } from '#shared/wiring/agent-logs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  AGENT_ROUTES.get_agent_log,
  getAgentLog,
  getAgentLogDeps,
  getApiDeps,
);
