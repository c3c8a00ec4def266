/**
 * The scanning step's dependencies: the batch store plus the scan service. Apart from the rest
 * of the batch composition so that only the scanning function bundles the scan engine.
 */

import type { BatchStepDeps } from '#shared/domain/batch/steps';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getClock } from '#shared/wiring/platform';
import { getScanWriteDeps } from '#shared/wiring/scans';
import { getBatchStore } from './batch.ts';

export const getBatchScanDeps = lazy(
  (): BatchStepDeps => ({
    store: getBatchStore(),
    scanner: getScanWriteDeps().scanner,
    logger: getLogger(),
    clock: getClock(),
  }),
);
