import { createApiHandler } from '#shared/api/http-handler';
import { SCAN_ROUTES } from '#shared/api/routes/scans';
import { getScanReadDeps } from '#shared/scans/composition';
import { getScan } from '#shared/scans/operations';

export const handler = createApiHandler(SCAN_ROUTES.get_scan, getScan, getScanReadDeps);
