import { lazy } from '#shared/platform/lazy';
import { getScanWriteDeps } from '#shared/scans/composition';
import { getBatchStore } from './composition.ts';
import type { BatchStepDeps } from './steps.ts';

/**
 * The scanning step's dependencies: the batch store plus the scan service. Apart from the rest
 * of the batch composition so that only the scanning function bundles the scan engine.
 */
export const getBatchScanDeps = lazy(
  (): BatchStepDeps => ({ store: getBatchStore(), scanner: getScanWriteDeps().scanner }),
);
