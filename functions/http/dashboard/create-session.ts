import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getSignInDeps } from '#shared/auth/session-composition';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { createSession } from '#shared/dashboard/sign-in-pages';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_session,
  createSession,
  getSignInDeps,
);
