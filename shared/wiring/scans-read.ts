/** Reading scans and stats: the store only, so the read routes bundle no scan engine. */
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createStatsRepository } from '#shared/adapters/dynamodb/stats-repository';
import type { ScanReadDeps } from '#shared/domain/scans/reads';
import type { ScanPageDeps } from '#shared/surfaces/pages/operations';
import { getAnonymousAllowance } from '#shared/wiring/anonymous-allowance';
import { lazy } from '#shared/wiring/lazy';
import { getStore } from '#shared/wiring/platform';

/** The shareable result page: the scan, and the visitor's free scans left (anonymous-allowance.ts). */
export const getScanPageDeps = lazy(
  (): ScanPageDeps => ({
    ...getScanReadDeps(),
    anonymousAllowance: (sourceIp) => getAnonymousAllowance()(sourceIp),
  }),
);

export const getScanReadDeps = lazy((): ScanReadDeps => {
  const { doc, tableName } = getStore();
  return {
    scans: createScansRepository(doc, tableName),
    stats: createStatsRepository(doc, tableName),
  };
});
