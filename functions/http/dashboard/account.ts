/**
 * Lambda entry for the account's read pages, one function: `GET /dashboard/account`
 * (`dashboard_account`, `accountOverview`) and `GET /dashboard/invitations/{token}`
 * (`dashboard_invitation`, `invitationOverview`): the dashboard pipeline around each;
 * dependencies from `getAccountPagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { accountOverview, invitationOverview } from '#shared/surfaces/dashboard/account';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getAccountPagesDeps } from '#shared/wiring/dashboard-account';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

const { dashboard_account, dashboard_invitation } = DASHBOARD_ROUTES;

export const handler = dispatchByPath({
  [dashboard_account.path]: createDashboardHandler(
    dashboard_account,
    accountOverview,
    getAccountPagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_invitation.path]: createDashboardHandler(
    dashboard_invitation,
    invitationOverview,
    getAccountPagesDeps,
    getDashboardGateDeps,
  ),
});
