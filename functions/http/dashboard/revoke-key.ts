import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getKeyDeps } from '#shared/auth/key-composition';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { revokeKeyFromForm } from '#shared/dashboard/keys';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_revoke_key,
  revokeKeyFromForm,
  getKeyDeps,
);
