import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { revokeKeyFromForm } from '#shared/surfaces/dashboard/keys';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getKeyDeps } from '#shared/wiring/keys';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_revoke_key,
  revokeKeyFromForm,
  getKeyDeps,
);
