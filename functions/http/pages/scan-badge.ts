/** GET /badge/{domain}: the SVG score badge of the domain's latest scan (conditional GET). */
import { createRawHandler } from '#shared/surfaces/api/http-handler';
import { SCAN_ROUTES } from '#shared/surfaces/api/routes/scans';
import { withConditionalGet } from '#shared/surfaces/pages/conditional-get';
import { scanBadge, scanBadgeError } from '#shared/surfaces/pages/operations';
import { getApiDeps } from '#shared/wiring/api';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = withConditionalGet(
  createRawHandler(SCAN_ROUTES.scan_badge, scanBadge, getScanReadDeps, getApiDeps, {
    renderError: (error) => scanBadgeError(error),
  }),
);
