/**
 * What the request pipeline needs for dashboard routes, kept apart from signing in (mail,
 * quotas) so that every function bundles only the session lookup.
 */

import { createMembershipLookup } from '#shared/adapters/dynamodb/membership-lookup';
import { createSessionsRepository } from '#shared/adapters/dynamodb/sessions-repository';
import type { DashboardGateDeps } from '#shared/surfaces/dashboard/handler';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';

/** The sessions store, shared by the gate, signing in and the home page. */
export const getSessionStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createSessionsRepository(doc, tableName);
});

/** A session's account and role, read on every request (the team's reads only). */
const getMembershipLookup = lazy(() => {
  const { doc, tableName } = getStore();
  return createMembershipLookup(doc, tableName);
});

export const getDashboardGateDeps = lazy(
  (): DashboardGateDeps => ({
    sessions: getSessionStore(),
    members: getMembershipLookup(),
    adminEmails: getConfig().ADMIN_EMAILS,
    publicBaseUrl: getConfig().PUBLIC_BASE_URL,
    logger: getLogger(),
    clock: getClock(),
    metrics: getMetrics(),
  }),
);
