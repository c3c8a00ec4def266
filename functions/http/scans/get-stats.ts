import { getStats } from '#shared/domain/scans/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createApiHandler(SCAN_ROUTES.get_stats, getStats, getScanReadDeps);
