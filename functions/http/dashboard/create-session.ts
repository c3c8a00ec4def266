/**
 * Lambda entry for `POST /dashboard/session` (operation `dashboard_create_session`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `createSession`; its dependencies come
 * from `getSignInDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { createSession } from '#shared/surfaces/dashboard/sign-in-pages';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getCreateSessionDeps } from '#shared/wiring/sessions';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_session,
  createSession,
  getCreateSessionDeps,
  getDashboardGateDeps,
);
