/**
 * Lambda entry for the routes that scan, one function (the scan engine is bundled once):
 * `POST /api/v1/scans` (operation `scan_domain`, `scanDomain`, dependencies `getScanWriteDeps`)
 * and `POST /api/v1/scans/{id}/verify` (operation `verify_scan`, `verifyScan`, dependencies
 * `getRunScanDeps`): the API pipeline (authentication, validation, error envelope) around each;
 * the route key picks the route. Nothing else belongs here (docs/architecture.md).
 */
import { scanDomain } from '#shared/domain/scans/operations';
import { verifyScan } from '#shared/domain/scans/verify-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { dispatchByRouteKey } from '#shared/surfaces/http/route-key';
import { getApiDeps } from '#shared/wiring/api';
import { getRunScanDeps } from '#shared/wiring/dashboard-scan';
import { getScanWriteDeps } from '#shared/wiring/scans';

const { scan_domain, verify_scan } = SCAN_ROUTES;

const handlers: Record<string, (event: never, context: never) => unknown> = {
  [scan_domain.path]: createApiHandler(scan_domain, scanDomain, getScanWriteDeps, getApiDeps),
  [verify_scan.path]: createApiHandler(verify_scan, verifyScan, getRunScanDeps, getApiDeps),
};

export const handler = dispatchByRouteKey(handlers, 'scanning');
