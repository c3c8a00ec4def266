import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getSignInDeps } from '#shared/auth/session-composition';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { endSession } from '#shared/dashboard/sign-in-pages';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_revoke_session,
  endSession,
  getSignInDeps,
);
