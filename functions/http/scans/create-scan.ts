import { createApiHandler } from '#shared/api/http-handler';
import { SCAN_ROUTES } from '#shared/api/routes/scans';
import { getScanWriteDeps } from '#shared/scans/composition';
import { scanDomain } from '#shared/scans/operations';

export const handler = createApiHandler(SCAN_ROUTES.scan_domain, scanDomain, getScanWriteDeps);
