/** Running a scan from the dashboard: the scan area's own dependencies (the engine) and history. */
import { lazy } from '#shared/wiring/lazy';
import { getScanWriteDeps } from '#shared/wiring/scans';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const getRunScanDeps = lazy(() => ({ ...getScanWriteDeps(), ...getScanReadDeps() }));
