/**
 * A case's Alerts tab (docs/dashboard.md "Alerts"): the rules with each one's firings and
 * deliveries, the form for a new rule with its preview over the case's past runs, the digest,
 * and the report links of the case's runs with copy and revoke. A viewer sees all of it and none
 * of the controls that change something.
 */
import type {
  AlertFiringView,
  AlertView,
  PreviewAlertResponse,
} from '#shared/domain/alerts/schemas';
import type { CaseDetail, RunView } from '#shared/domain/monitor/schemas';
import type { ReportLinkView } from '#shared/domain/reports/schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox } from '#shared/surfaces/dashboard/form-kit/render';
import { ALERT_FORM, DIGEST_FORM, REPORT_LINK_FORM } from '#shared/surfaces/dashboard/forms-alerts';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { alertForm, digestForm, previewBox, reportLinkForm } from './alerts-forms.ts';
import { caseTabs } from './case-tabs.ts';
import { badge, confirmAction, copyField, notice, tableRegion, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

export interface AlertsView {
  viewer: Viewer;
  /** The viewer may change the case's rules (`monitor:write`): forms are shown. */
  canChange: boolean;
  detail: CaseDetail;
  alerts: readonly { alert: AlertView; firings: readonly AlertFiringView[] }[];
  digest: { enabled: boolean; email: readonly string[]; updated_at: string | null };
  /** The case's finished runs, newest first (a report link is made for one). */
  runs: readonly RunView[];
  links: readonly { run: RunView; links: readonly ReportLinkView[] }[];
  notice?: string | undefined;
  alertForm?: FormState | undefined;
  preview?: PreviewAlertResponse['preview'] | undefined;
  digestForm?: FormState | undefined;
  linkForm?: FormState | undefined;
  /** A link just made: its address, shown this once. */
  createdLink?: (ReportLinkView & { url: string }) | undefined;
}

const METRIC_NAMES: Record<string, string> = {
  mention_rate: 'Mention rate',
  share_of_answer: 'Share of answer',
  own_citation_rate: 'Own citation rate',
  total_score: 'Score',
  citations_lost: 'Citations lost',
  new_competitor: 'New competitor',
  model_changed: 'Model changed',
};

export function metricName(metric: string): string {
  return METRIC_NAMES[metric] ?? metric;
}

function ruleWhat(alert: AlertView): string {
  const scope = [alert.family, alert.brand].filter(Boolean).join(', ');
  return `${metricName(alert.metric)}${scope ? ` (${scope})` : ''}`;
}

function ruleWhen(alert: AlertView): string {
  const threshold = alert.threshold === null ? '' : ` ${alert.threshold}`;
  return `${alert.condition}${threshold}${alert.significant_only ? ', significant changes only' : ', every change'}`;
}

function channelsOf(alert: AlertView): string {
  const parts = [
    alert.channels.webhook ? 'webhook (case.alert)' : '',
    alert.channels.email.length > 0 ? `e-mail: ${alert.channels.email.join(', ')}` : '',
    alert.channels.slack_url ? `Slack: ${alert.channels.slack_url}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

function deliveryRows(firing: AlertFiringView): Html[] {
  if (firing.deliveries.length === 0) {
    return [
      html`<tr><td colspan="5" class="muted">No delivery (no channel was reachable when it fired).</td></tr>`,
    ];
  }
  return firing.deliveries.map(
    (delivery) =>
      html`<tr><td>${delivery.channel}</td><td>${delivery.target ?? delivery.endpoint_id}</td><td>${badge(delivery.status)}</td><td class="num">${delivery.attempts}</td><td>${delivery.last_error ?? (delivery.last_status === null ? '–' : String(delivery.last_status))}</td></tr>`,
  );
}

function firingsOf(alert: AlertView, firings: readonly AlertFiringView[]): Html {
  if (firings.length === 0) return html`<p class="muted">It has not fired yet.</p>`;
  const items = firings.map(
    (firing) => html`<li><p>${timeTag(firing.fired_at)}: ${firing.text}</p>
${tableRegion(
  `Deliveries of the firing on run ${firing.run_id}`,
  html`<table><thead><tr><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th><th scope="col">Last answer or error</th></tr></thead><tbody>${deliveryRows(firing)}</tbody></table>`,
)}</li>`,
  );
  return html`<details><summary>Firings and deliveries (${firings.length})<span class="sr-only"> of rule ${ruleWhat(alert)}</span></summary><ol class="timeline">${items}</ol></details>`;
}

function rulesSection(view: AlertsView): Html {
  if (view.alerts.length === 0) {
    return html`<section aria-labelledby="rules"><h2 id="rules">Rules</h2><p>No alert rule yet${view.canChange ? ': make one below.' : '.'}</p></section>`;
  }
  const items = view.alerts.map(({ alert, firings }) => {
    const remove = view.canChange
      ? confirmAction({
          label: 'Delete',
          target: `rule ${ruleWhat(alert)}`,
          question:
            'Delete this rule? It fires no more; its deliveries waiting for a retry are dropped.',
          action: DASHBOARD_PATHS.deleteAlert(view.detail.id, alert.id),
          confirm: 'Yes, delete it',
          hidden: csrfField(view.viewer),
          small: true,
        })
      : '';
    return html`<li class="card"><h3>${ruleWhat(alert)}</h3>
<p>Fires on: ${ruleWhen(alert)}</p>
<p>Tells: ${channelsOf(alert)}</p>
<p class="muted">Made ${timeTag(alert.created_at)}; last fired ${timeTag(alert.last_fired_at)}</p>
${firingsOf(alert, firings)}
${remove}</li>`;
  });
  return html`<section aria-labelledby="rules"><h2 id="rules">Rules</h2><ul class="cards" role="list">${items}</ul></section>`;
}

function linkRows(view: AlertsView): Html {
  const rows = view.links.flatMap(({ run, links }) =>
    links.map((link) => {
      const revoke = view.canChange
        ? confirmAction({
            label: 'Revoke',
            target: `report link of run ${run.label}`,
            question: 'Revoke this link? Whoever has it sees “not found” from now on.',
            action: DASHBOARD_PATHS.revokeReportLink(view.detail.id, run.id, link.id),
            confirm: 'Yes, revoke it',
            hidden: csrfField(view.viewer),
            small: true,
          })
        : '';
      return html`<tr><td>${run.label}</td><td>${link.title ?? '–'}</td><td>${timeTag(link.created_at)}</td><td>${link.expired ? badge('failed', 'expired') : timeTag(link.expires_at)}</td><td>${revoke}</td></tr>`;
    }),
  );
  if (rows.length === 0) return html`<p>No report link is open.</p>`;
  return tableRegion(
    'Report links',
    html`<table><thead><tr><th scope="col">Run</th><th scope="col">Title</th><th scope="col">Made</th><th scope="col">Expires</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function createdLinkBox(link: AlertsView['createdLink']): Html {
  if (!link) return html``;
  return html`<div class="secret" role="status"><p><strong>The report link is ready. Copy it now: its address is shown only this once (only a hash of its token is kept).</strong></p>
${copyField({ id: 'report-link-url', label: 'Report link', value: link.url })}
<p>It works until ${timeTag(link.expires_at)}, or until you revoke it.</p></div>`;
}

function reportSection(view: AlertsView): Html {
  return html`<section aria-labelledby="reports"><h2 id="reports">Client reports by link</h2>
<p>A link opens a read-only page of one run for your client: no account, no keys, your title and logo, printable.</p>
${createdLinkBox(view.createdLink)}
${linkRows(view)}
${view.canChange ? reportLinkForm(view) : ''}
</section>`;
}

function digestSection(view: AlertsView): Html {
  const state = view.digest.enabled ? `On, to ${view.digest.email.join(', ')}.` : 'Off.';
  return html`<section aria-labelledby="digest"><h2 id="digest">Digest after each run</h2>
<p>One plain mail after every finished run: the headline figures, the significant changes and a link to the run. ${state}</p>
${view.canChange ? digestForm(view) : ''}
</section>`;
}

export function alertsPage(view: AlertsView): Html {
  const detail = view.detail;
  const readOnly = view.canChange
    ? ''
    : html`<p class="notice">Your role can read this case’s alerts but not change them.</p>`;
  return dashboardLayout({
    title: `Alerts · ${detail.name}`,
    section: 'cases',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.caseAlerts(detail.id),
    body: html`<p><a href="${DASHBOARD_PATHS.cases}">← All cases</a></p>
<h1>${detail.name}: alerts</h1>
${caseTabs(detail.id, 'alerts')}
${notice(view.notice)}${readOnly}
${formErrorBox(ALERT_FORM, view.alertForm)}${formErrorBox(DIGEST_FORM, view.digestForm)}${formErrorBox(REPORT_LINK_FORM, view.linkForm)}
<p class="lead">A rule watches one figure of this case’s runs and tells you when it moves: after every finished run, at most once per run. By default only changes beyond their noise band count, each with its cause.</p>
${rulesSection(view)}
${view.canChange ? html`${alertForm(view)}${previewBox(view.preview)}` : ''}
${digestSection(view)}
${reportSection(view)}`,
  });
}
