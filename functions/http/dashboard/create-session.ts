import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { createSession } from '#shared/surfaces/dashboard/sign-in-pages';
import { getSignInDeps } from '#shared/wiring/sessions';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_session,
  createSession,
  getSignInDeps,
);
