import { getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createScansRepository } from '#shared/store/scans-repository';
import { createStatsRepository } from '#shared/store/stats-repository';
import type { ScanReadDeps } from './reads.ts';

/** Reading scans and stats: the store only, so the read routes bundle no scan engine. */
export const getScanReadDeps = lazy((): ScanReadDeps => {
  const { doc, tableName } = getStore();
  return {
    scans: createScansRepository(doc, tableName),
    stats: createStatsRepository(doc, tableName),
  };
});
