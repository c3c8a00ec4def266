import { getSessionStore } from '#shared/auth/browser-gate-composition';
import { getBatchConfig } from '#shared/batch/composition';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createDailyQuotaRepository } from '#shared/store/quota-repository';
import { createUsersRepository } from '#shared/store/users-repository';
import type { HomeDeps } from './home.ts';

/**
 * What the dashboard's own pages need beyond the areas' compositions (each page's handler uses
 * its area's: a page bundles only the area it shows). The scan runner's is in
 * run-scan-composition.ts, so only that function bundles the scan engine.
 */
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
