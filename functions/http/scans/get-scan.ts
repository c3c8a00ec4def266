import { createApiHandler } from '#shared/api/http-handler';
import { SCAN_ROUTES } from '#shared/api/routes/scans';
import { getScan } from '#shared/scans/operations';
import { getScanReadDeps } from '#shared/scans/read-composition';

export const handler = createApiHandler(SCAN_ROUTES.get_scan, getScan, getScanReadDeps);
