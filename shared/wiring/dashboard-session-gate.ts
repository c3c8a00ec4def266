/**
 * What the request pipeline needs for dashboard routes, kept apart from signing in (mail,
 * quotas) so that every function bundles only the session lookup.
 */
import { createSessionsRepository } from '#shared/adapters/dynamodb/sessions-repository';
import type { DashboardGateDeps } from '#shared/surfaces/dashboard/handler';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { getTeamStore } from '#shared/wiring/team';

/** The sessions store, shared by the gate, signing in and the home page. */
export const getSessionStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createSessionsRepository(doc, tableName);
});

export const getDashboardGateDeps = lazy(
  (): DashboardGateDeps => ({
    sessions: getSessionStore(),
    members: getTeamStore(),
    adminEmails: getConfig().ADMIN_EMAILS,
    publicBaseUrl: getConfig().PUBLIC_BASE_URL,
    logger: getLogger(),
    clock: getClock(),
    metrics: getMetrics(),
  }),
);
