/** The tabs of a case's pages: its overview, its prompts, its alerts (docs/dashboard.md). */
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';

/** The case's tabs: its overview, its prompts, its alerts. */
export function caseTabs(caseId: string, current: 'case' | 'prompts' | 'alerts'): Html {
  const tab = (id: typeof current, label: string, href: string) =>
    html`<li><a href="${href}"${id === current ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav aria-label="Case"><ul class="tabs">${tab('case', 'Overview', DASHBOARD_PATHS.case(caseId))}${tab('prompts', 'Prompts', DASHBOARD_PATHS.casePrompts(caseId))}${tab('alerts', 'Alerts', DASHBOARD_PATHS.caseAlerts(caseId))}</ul></nav>`;
}
