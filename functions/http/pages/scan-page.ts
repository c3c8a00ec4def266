/**
 * Lambda entry for `GET /scans/{id}` (operation `scan_page`): the page pipeline around `scanPage`;
 * its dependencies come from `getScanReadDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createRawHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { scanPage, scanPageError } from '#shared/surfaces/pages/operations';
import { getApiDeps } from '#shared/wiring/api';
import { getScanPageDeps } from '#shared/wiring/scans-read';

export const handler = createRawHandler(
  SCAN_ROUTES.scan_page,
  scanPage,
  getScanPageDeps,
  getApiDeps,
  {
    renderError: (error, event) => scanPageError(error, event.pathParameters?.id),
  },
);
