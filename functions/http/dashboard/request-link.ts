/**
 * Lambda entry for `POST /dashboard/sign-in` (operation `dashboard_request_link`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `requestLink`; its dependencies come
 * from `getSignInDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { requestLink } from '#shared/surfaces/dashboard/sign-in-pages';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getSignInDeps } from '#shared/wiring/sessions';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_request_link,
  requestLink,
  getSignInDeps,
  getDashboardGateDeps,
);
