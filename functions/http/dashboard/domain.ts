/**
 * Lambda entry for the domain's two tabs, one function: `GET /dashboard/domains/{domain}`
 * (`dashboard_domain`, `domainScans`, dependencies from `getScanReadDeps`) and
 * `GET /dashboard/domains/{domain}/agents` (`dashboard_domain_agents`, `domainAgentsPage`,
 * dependencies from `getAgentLogDeps`): the dashboard pipeline (session gate, HTML views) around
 * each. Nothing else belongs here (docs/architecture.md).
 */
import { agentsIndex, domainAgentsPage } from '#shared/surfaces/dashboard/agents';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { domainScans } from '#shared/surfaces/dashboard/scans';
import { getAgentLogDeps } from '#shared/wiring/agent-logs';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getScanReadDeps } from '#shared/wiring/scans-read';

const { dashboard_agents, dashboard_domain, dashboard_domain_agents } = DASHBOARD_ROUTES;

export const handler = dispatchByPath({
  [dashboard_domain.path]: createDashboardHandler(
    dashboard_domain,
    domainScans,
    getScanReadDeps,
    getDashboardGateDeps,
  ),
  [dashboard_agents.path]: createDashboardHandler(
    dashboard_agents,
    agentsIndex,
    getScanReadDeps,
    getDashboardGateDeps,
  ),
  [dashboard_domain_agents.path]: createDashboardHandler(
    dashboard_domain_agents,
    domainAgentsPage,
    getAgentLogDeps,
    getDashboardGateDeps,
  ),
});
