import { lazy } from '#shared/platform/lazy';
import { getScanWriteDeps } from '#shared/scans/composition';
import { getScanHistoryDeps } from './composition.ts';

/** Running a scan from the dashboard: the scan area's own dependencies (the engine) and history. */
export const getRunScanDeps = lazy(() => ({ ...getScanWriteDeps(), ...getScanHistoryDeps() }));
