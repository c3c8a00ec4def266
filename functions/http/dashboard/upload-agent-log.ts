/**
 * Lambda entry for `POST /dashboard/domains/{domain}/agent-logs` (operation
 * `dashboard_upload_agent_log`): the dashboard pipeline (session gate, the file as sent or a
 * multipart form) around `uploadAgentLogPage`; its dependencies come from `getAgentLogDeps`.
 */
import { uploadAgentLogPage } from '#shared/surfaces/dashboard/agents';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getAgentLogDeps } from '#shared/wiring/agent-logs';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_upload_agent_log,
  uploadAgentLogPage,
  getAgentLogDeps,
  getDashboardGateDeps,
);
