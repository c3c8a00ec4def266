/**
 * Lambda entry for `GET /dashboard/cases/{id}` (operation `dashboard_case`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `caseDetailPage`; its dependencies come
 * from `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { caseDetailPage } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getCasePagesDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_case,
  caseDetailPage,
  getCasePagesDeps,
);
