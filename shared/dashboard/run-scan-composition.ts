import { lazy } from '#shared/platform/lazy';
import { getScanWriteDeps } from '#shared/scans/composition';
import { getScanReadDeps } from '#shared/scans/read-composition';

/** Running a scan from the dashboard: the scan area's own dependencies (the engine) and history. */
export const getRunScanDeps = lazy(() => ({ ...getScanWriteDeps(), ...getScanReadDeps() }));
