/**
 * Lambda entry for `POST /dashboard/keys` (operation `dashboard_create_key`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `createKeyFromForm`; its dependencies
 * come from `getKeyDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { createKeyFromForm } from '#shared/surfaces/dashboard/keys';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getKeyDeps } from '#shared/wiring/keys';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_key,
  createKeyFromForm,
  getKeyDeps,
  getDashboardGateDeps,
);
