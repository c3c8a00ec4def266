/**
 * Lambda entry for the scan forms, one function (the scan engine is bundled once):
 * `POST /dashboard/scans` (operation `dashboard_run_scan`: the session gate, form parsing, HTML
 * views around `runScan`), `POST /dashboard/scans/{id}/verify` (`dashboard_verify_scan`, "Check
 * my fixes", around `verifyScanFixes`) and `POST /scans` (operation `dashboard_home_scan`: the home page's
 * scan box around `scanFromHomePage`, no session); dependencies from `getRunScanDeps`. Nothing
 * else belongs here (docs/architecture.md).
 */
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { runScan, verifyScanFixes } from '#shared/surfaces/dashboard/scans';
import { scanFromHomePage } from '#shared/surfaces/pages/home-scan';
import { getRunScanDeps } from '#shared/wiring/dashboard-scan';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

const { dashboard_run_scan, dashboard_home_scan, dashboard_verify_scan } = DASHBOARD_ROUTES;

export const handler = dispatchByPath({
  [dashboard_run_scan.path]: createDashboardHandler(
    dashboard_run_scan,
    runScan,
    getRunScanDeps,
    getDashboardGateDeps,
  ),
  [dashboard_verify_scan.path]: createDashboardHandler(
    dashboard_verify_scan,
    verifyScanFixes,
    getRunScanDeps,
    getDashboardGateDeps,
  ),
  [dashboard_home_scan.path]: createDashboardHandler(
    dashboard_home_scan,
    scanFromHomePage,
    getRunScanDeps,
    getDashboardGateDeps,
  ),
});
