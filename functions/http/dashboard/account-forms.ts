/**
 * Lambda entry for the account's forms but the invitation form, one function: accepting
 * (`POST /dashboard/invitations/{token}`) and declining an invitation, switching the account
 * shown, withdrawing an invitation, changing a member's role, removing a member and handing the
 * account over: the dashboard pipeline around each; dependencies from `getAccountPagesDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import {
  acceptFromForm,
  changeRoleFromForm,
  declineFromForm,
  removeFromForm,
  switchFromForm,
  transferFromForm,
  withdrawFromForm,
} from '#shared/surfaces/dashboard/account';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getAccountPagesDeps } from '#shared/wiring/dashboard-account';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

const routes = DASHBOARD_ROUTES;
const deps = getAccountPagesDeps;
const gate = getDashboardGateDeps;

export const handler = dispatchByPath({
  [routes.dashboard_accept_invitation.path]: createDashboardHandler(
    routes.dashboard_accept_invitation,
    acceptFromForm,
    deps,
    gate,
  ),
  [routes.dashboard_decline_invitation.path]: createDashboardHandler(
    routes.dashboard_decline_invitation,
    declineFromForm,
    deps,
    gate,
  ),
  [routes.dashboard_switch_account.path]: createDashboardHandler(
    routes.dashboard_switch_account,
    switchFromForm,
    deps,
    gate,
  ),
  [routes.dashboard_withdraw_invitation.path]: createDashboardHandler(
    routes.dashboard_withdraw_invitation,
    withdrawFromForm,
    deps,
    gate,
  ),
  [routes.dashboard_change_role.path]: createDashboardHandler(
    routes.dashboard_change_role,
    changeRoleFromForm,
    deps,
    gate,
  ),
  [routes.dashboard_remove_member.path]: createDashboardHandler(
    routes.dashboard_remove_member,
    removeFromForm,
    deps,
    gate,
  ),
  [routes.dashboard_transfer.path]: createDashboardHandler(
    routes.dashboard_transfer,
    transferFromForm,
    deps,
    gate,
  ),
});
