import { noDeps } from '#shared/api/http-handler';
import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { newCaseForm } from '#shared/dashboard/cases';
import { createDashboardHandler } from '#shared/dashboard/handler';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_new_case,
  newCaseForm,
  noDeps,
);
