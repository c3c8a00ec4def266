import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { editCaseForm } from '#shared/dashboard/cases';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { getMonitorDeps } from '#shared/monitor/composition';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_edit_case,
  editCaseForm,
  getMonitorDeps,
);
