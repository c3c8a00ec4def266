/**
 * Lambda entry for `POST /api/v1/domains/{domain}/agent-logs` (operation `upload_agent_log`):
 * the API pipeline around `uploadAgentLog`; its dependencies come from `getAgentLogDeps`.
 */
import { uploadAgentLog } from '#shared/domain/agent-logs/upload';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { AGENT_ROUTES } from '#shared/surfaces/api/routes/agents';
import { getAgentLogDeps } from '#shared/wiring/agent-logs';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  AGENT_ROUTES.upload_agent_log,
  uploadAgentLog,
  getAgentLogDeps,
  getApiDeps,
);
