/**
 * Lambda entry for a scan's reads, one function: `GET /api/v1/scans/{id}` (operation `get_scan`,
 * `getScan`) and `GET /api/v1/scans/{id}/fixes` (operation `get_scan_fixes`, `getScanFixes`):
 * the API pipeline (authentication, validation, error envelope) around each, dependencies from
 * `getScanReadDeps`; the route key picks the route. Nothing else belongs here
 * (docs/architecture.md).
 */
import { getScanFixes } from '#shared/domain/scans/fix-operations';
import { getScan } from '#shared/domain/scans/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { dispatchByRouteKey } from '#shared/surfaces/http/route-key';
import { getApiDeps } from '#shared/wiring/api';
import { getScanReadDeps } from '#shared/wiring/scans-read';

const { get_scan, get_scan_fixes } = SCAN_ROUTES;

const handlers: Record<string, (event: never, context: never) => unknown> = {
  [get_scan.path]: createApiHandler(get_scan, getScan, getScanReadDeps, getApiDeps),
  [get_scan_fixes.path]: createApiHandler(
    get_scan_fixes,
    getScanFixes,
    getScanReadDeps,
    getApiDeps,
  ),
};

export const handler = dispatchByRouteKey(handlers, 'scan read');
