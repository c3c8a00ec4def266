/**
 * Lambda entry for `GET /api/v1/scans/{id}` (operation `get_scan`): the API pipeline
 * (authentication, validation, error envelope) around `getScan`; its dependencies come from
 * `getScanReadDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { getScan } from '#shared/domain/scans/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { getApiDeps } from '#shared/wiring/api';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createApiHandler(SCAN_ROUTES.get_scan, getScan, getScanReadDeps, getApiDeps);
