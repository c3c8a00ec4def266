/**
 * The visitor's free scans of today, read for the pages that say how many are left (the home
 * page, a scan's result page; issue 36 point 1): the quota counters of the store, the configured
 * `ANONYMOUS_SCANS_PER_DAY`. A page must not fail because the count cannot be read: the read
 * logs and answers undefined, and the page leaves the line out.
 */
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { type AnonymousAllowance, anonymousScansLeft } from '#shared/domain/scans/anonymous-quota';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';

export const getAnonymousAllowance = lazy(() => {
  const { doc, tableName } = getStore();
  const deps = {
    quotas: createQuotaRepository(doc, tableName),
    anonymousScansPerDay: getConfig().ANONYMOUS_SCANS_PER_DAY,
    clock: getClock(),
  };
  return async (sourceIp: string): Promise<AnonymousAllowance | undefined> => {
    try {
      return await anonymousScansLeft(deps, sourceIp);
    } catch (error) {
      getLogger().warn('free scans left not read', { error: error as Error });
      return undefined;
    }
  };
});
