/**
 * Lambda entry for `GET /dashboard/sign-in` (operation `dashboard_sign_in`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `signInForm`; its dependencies come
 * from `getSignInDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { signInForm } from '#shared/surfaces/dashboard/sign-in-pages';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getSignInDeps } from '#shared/wiring/sessions';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_sign_in,
  signInForm,
  getSignInDeps,
  getDashboardGateDeps,
);
