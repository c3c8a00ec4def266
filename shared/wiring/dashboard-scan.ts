/**
 * Running a scan from the dashboard or the home page's box: the scan area's own dependencies (the
 * engine) and history, and the visitor's free scans left (said on the box's refusal page).
 */
import { getAnonymousAllowance } from '#shared/wiring/anonymous-allowance';
import { lazy } from '#shared/wiring/lazy';
import { getScanWriteDeps } from '#shared/wiring/scans';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const getRunScanDeps = lazy(() => ({
  ...getScanWriteDeps(),
  ...getScanReadDeps(),
  anonymousAllowance: (sourceIp: string) => getAnonymousAllowance()(sourceIp),
}));
