/** Reading scans and stats: the store only, so the read routes bundle no scan engine. */
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import { lazy } from '#shared/wiring/lazy';
import { getStore } from '#shared/wiring/platform';
import type { ScanReadDeps } from '../domain/scans/reads.ts';

export const getScanReadDeps = lazy((): ScanReadDeps => {
  const { doc, tableName } = getStore();
  return {
    scans: createScansRepository(doc, tableName),
    stats: createStatsRepository(doc, tableName),
  };
});
