/**
 * What the dashboard's own pages need beyond the areas' compositions (each page's handler uses
 * its area's: a page bundles only the area it shows). The scan runner's is in
 * run-scan-composition.ts, so only that function bundles the scan engine.
 */
import { createDailyQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { getBatchConfig } from '#shared/wiring/batch';
import { getSessionStore } from '#shared/wiring/dashboard-session-gate';
import { lazy } from '#shared/wiring/lazy';
import { getConfig, getStore } from '#shared/wiring/platform';
import type { HomeDeps } from '../surfaces/dashboard/home.ts';

export const getHomeDeps = lazy((): HomeDeps => {
  const { doc, tableName } = getStore();
  return {
    sessions: getSessionStore(),
    users: createUsersRepository(doc, tableName),
    quota: createDailyQuotaRepository(doc, tableName),
    limits: getBatchConfig().limits,
    adminEmails: getConfig().ADMIN_EMAILS,
  };
});
