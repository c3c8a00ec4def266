/**
 * The forms of the Alerts tab (alerts-page.ts): a new rule from a metric, with "Preview" (how
 * often it would have fired over the case's past runs) beside "Create"; the digest; a report
 * link to a finished run. Each comes back with what was typed and its messages at the fields.
 */
import { ALERT_CONDITIONS, ALERT_METRICS } from '#shared/domain/alerts/rules';
import type { PreviewAlertResponse } from '#shared/domain/alerts/schemas';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { fieldError, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { ALERT_FORM, DIGEST_FORM, REPORT_LINK_FORM } from '#shared/surfaces/dashboard/forms-alerts';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import type { AlertsView } from './alerts-page.ts';
import { fieldId, fieldMessage } from './components.ts';
import { csrfField } from './layout.ts';

const METRIC_HINTS: Record<string, string> = {
  mention_rate: 'Mention rate: how often a model family names the brand',
  share_of_answer: 'Share of answer: the brand’s (or a competitor’s) share of the namings',
  own_citation_rate: 'Own citation rate: answers citing the brand’s site',
  total_score: 'Score: the overall score, 0 to 100',
  citations_lost: 'Citations lost: a site that cited the brand no longer does',
  new_competitor: 'New competitor: a brand the answers recommend crosses a share',
  model_changed: 'Model changed: a family served another model',
};

const CONDITION_NAMES: Record<string, string> = {
  drop: 'drops',
  rise: 'rises',
  change: 'changes',
  below: 'falls below the threshold',
  above: 'rises above the threshold',
};

const value = (state: FormState | undefined, name: string) => {
  const typed = state?.values[name];
  return typeof typed === 'string' ? typed : '';
};

function select(
  state: FormState | undefined,
  name: 'metric' | 'condition' | 'family',
  options: readonly { value: string; label: string }[],
): Html {
  const id = fieldId(name);
  const error = fieldError(state, name);
  const chosen = value(state, name);
  const items = options.map(
    (option) =>
      html`<option value="${option.value}"${option.value === chosen ? html` selected` : ''}>${option.label}</option>`,
  );
  return html`<div class="field${error ? ' invalid' : ''}"><label for="${id}">${ALERT_FORM.fields[name].label}</label>${fieldMessage(id, error)}
<select id="${id}" name="${name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${items}</select></div>`;
}

function checkbox(id: string, name: string, label: string, checked: boolean): Html {
  return html`<div class="checks"><label for="${id}"><input type="checkbox" id="${id}" name="${name}" value="on"${checked ? html` checked` : ''}><span>${label}</span></label></div>`;
}

export function alertForm(view: AlertsView): Html {
  const state = view.alertForm;
  const significant = state ? state.values.significant_only !== undefined : true;
  const channelsError = fieldError(state, 'channels');
  return html`<section aria-labelledby="new-rule"><h2 id="new-rule">New rule</h2>
<form class="stack" method="post" action="${DASHBOARD_PATHS.caseAlerts(view.detail.id)}" novalidate>
${csrfField(view.viewer)}
${select(
  state,
  'metric',
  ALERT_METRICS.map((metric) => ({ value: metric, label: METRIC_HINTS[metric] ?? metric })),
)}
${select(
  state,
  'condition',
  ALERT_CONDITIONS.map((condition) => ({
    value: condition,
    label: `It ${CONDITION_NAMES[condition]}`,
  })),
)}
${select(state, 'family', [{ value: '', label: 'Any model family' }, ...PROVIDER_FAMILIES.map((family) => ({ value: family, label: family }))])}
${formInput(ALERT_FORM, state, 'brand', { hint: 'Share of answer: your brand when left empty, or a competitor’s name. New competitor: one name, or any.' })}
${formInput(ALERT_FORM, state, 'threshold', { hint: 'Below or above: the level (25% for a rate or share, points for the score). Drop, rise, change: the smallest change that counts (optional).' })}
${checkbox('f-significant_only', 'significant_only', 'Only changes beyond the noise band (recommended): each comes with its cause', significant)}
<fieldset id="${fieldId('channels')}"${channelsError ? html` aria-describedby="${fieldId('channels')}-error"` : ''}><legend>Channels</legend>${fieldMessage(fieldId('channels'), channelsError)}
${checkbox('f-webhook', 'webhook', 'Webhook: the case.alert event to this account’s endpoints subscribed to it', state?.values.webhook !== undefined)}
${formInput(ALERT_FORM, state, 'email', { type: 'text', hint: 'One or more addresses, separated by commas.', autocomplete: 'off' })}
${formInput(ALERT_FORM, state, 'slack_url', { type: 'url', hint: 'A Slack incoming webhook (https://hooks.slack.com/services/…).' })}
</fieldset>
<div class="actions"><button type="submit" name="intent" value="preview" class="secondary">Preview over past runs</button><button type="submit" name="intent" value="create">Create rule</button></div>
</form></section>`;
}

export function previewBox(preview: PreviewAlertResponse['preview'] | undefined): Html {
  if (!preview) return html``;
  const items = preview.firings.map(
    (firing) => html`<li><strong>${firing.label}</strong>: ${firing.text}</li>`,
  );
  const runs = `${preview.runs} finished run${preview.runs === 1 ? '' : 's'}`;
  return html`<div class="notice" role="status" id="preview"><p><strong>Over the last ${runs}, this rule would have fired ${preview.fired} time${preview.fired === 1 ? '' : 's'}.</strong></p>
${items.length > 0 ? html`<ul>${items}</ul>` : ''}</div>`;
}

export function digestForm(view: AlertsView): Html {
  const state = view.digestForm;
  const enabled = state ? state.values.enabled !== undefined : view.digest.enabled;
  const typed = state ? undefined : { values: { email: view.digest.email.join(', ') } };
  return html`<form class="stack" method="post" action="${DASHBOARD_PATHS.caseDigest(view.detail.id)}" novalidate>
${csrfField(view.viewer)}
${checkbox('f-enabled', 'enabled', 'Mail the digest after each finished run', enabled)}
${formInput(DIGEST_FORM, state ?? typed, 'email', { hint: 'One or more addresses, separated by commas.' })}
<div class="actions"><button type="submit">Save the digest</button></div>
</form>`;
}

export function reportLinkForm(view: AlertsView): Html {
  if (view.runs.length === 0) {
    return html`<p class="muted">A report shows a finished run: make one when the first run is done.</p>`;
  }
  const state = view.linkForm;
  const id = fieldId('run_id');
  const error = fieldError(state, 'run_id');
  const chosen = value(state, 'run_id');
  const options = view.runs.map(
    (run) =>
      html`<option value="${run.id}"${run.id === chosen ? html` selected` : ''}>${run.label} (score ${run.total_score ?? '–'})</option>`,
  );
  return html`<h3>New report link</h3>
<form class="stack" method="post" action="${DASHBOARD_PATHS.reportLinks(view.detail.id)}" novalidate>
${csrfField(view.viewer)}
<div class="field${error ? ' invalid' : ''}"><label for="${id}">${REPORT_LINK_FORM.fields.run_id.label}</label>${fieldMessage(id, error)}
<select id="${id}" name="run_id">${options}</select></div>
${formInput(REPORT_LINK_FORM, state, 'title', { hint: 'Shown as the page’s heading, e.g. your agency’s name. Default: the case’s name.' })}
${formInput(REPORT_LINK_FORM, state, 'logo_url', { type: 'url', hint: 'An https address of your logo (optional).' })}
${formInput(REPORT_LINK_FORM, state, 'expires_in_days', { hint: 'Default 30, at most 365.' })}
<div class="actions"><button type="submit">Make the link</button></div>
</form>`;
}
