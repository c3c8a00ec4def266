/**
 * Lambda entry for `POST /dashboard/account/invitations` (operation `dashboard_invite`): the
 * dashboard pipeline around `inviteFromForm`, its own function because it alone of the account's
 * forms sends mail; dependencies from `getAccountPagesDeps`. Nothing else belongs here
 * (docs/architecture.md).
 */
import { inviteFromForm } from '#shared/surfaces/dashboard/account';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getAccountPagesDeps } from '#shared/wiring/dashboard-account';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_invite,
  inviteFromForm,
  getAccountPagesDeps,
  getDashboardGateDeps,
);
