import { createApiHandler } from '#shared/api/http-handler';
import { SCAN_ROUTES } from '#shared/api/routes/scans';
import { listScans } from '#shared/scans/operations';
import { getScanReadDeps } from '#shared/scans/read-composition';

export const handler = createApiHandler(SCAN_ROUTES.list_scans, listScans, getScanReadDeps);
