import { createRawHandler } from '#shared/api/http-handler';
import { SCAN_ROUTES } from '#shared/api/routes/scans';
import { scanPage, scanPageError } from '#shared/pages/operations';
import { getScanReadDeps } from '#shared/scans/read-composition';

export const handler = createRawHandler(SCAN_ROUTES.scan_page, scanPage, getScanReadDeps, {
  renderError: (error, event) => scanPageError(error, event.pathParameters?.id),
});
