import { noDeps } from '#shared/surfaces/api/http-handler';
import { newCaseForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_new_case,
  newCaseForm,
  noDeps,
);
