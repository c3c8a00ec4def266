/**
 * Lambda entry for `POST /dashboard/cases/{id}/competitors` (operation `dashboard_track_competitor`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `trackCompetitorFromForm`; its dependencies come
 * from `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { trackCompetitorFromForm } from '#shared/surfaces/dashboard/case-runs';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getCasePagesDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_track_competitor,
  trackCompetitorFromForm,
  getCasePagesDeps,
);
