/** The case list and the case form (create and edit). */

import type { CaseListEntry } from '#shared/domain/monitor/schemas';
import { CASE_FORM, type CaseFormValues } from '#shared/surfaces/dashboard/case-form';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import {
  type ControlOptions,
  formErrorBox,
  formInput,
  formSearch,
  formTextArea,
} from '#shared/surfaces/dashboard/form-kit/render';
import { CASE_SEARCH_FORM } from '#shared/surfaces/dashboard/forms-monitor';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import {
  badge,
  caseVariant,
  errorBox,
  notice,
  type ShownError,
  tableRegion,
  timeTag,
} from './components.ts';
import { csrfField, dashboardLayout, type Viewer, viewerCan } from './layout.ts';

export interface CasesView {
  viewer: Viewer;
  cases: readonly CaseListEntry[];
  q: string;
  nextCursor: string | null;
  /** The address may read every tenant; `allTenants` says this page does. */
  admin: boolean;
  allTenants: boolean;
  error?: ShownError | undefined;
  notice?: string | undefined;
  /** A refused search: the text as typed and its message. */
  search?: FormState | undefined;
}

function casesTable(view: CasesView): Html {
  if (view.cases.length === 0) {
    return view.q
      ? html`<p>No case matches.</p>`
      : html`<p>No cases yet. Create one to start measuring.</p>`;
  }
  const rows = view.cases.map(
    (entry) =>
      html`<tr><td><a href="${DASHBOARD_PATHS.case(entry.id)}">${entry.name}</a>${caseVariant(entry) ? html` <span class="muted">(${caseVariant(entry)})</span>` : ''}${entry.owner_email ? html`<br><span class="muted">${entry.owner_email}</span>` : ''}</td><td>${entry.domain}</td><td class="num">${entry.latest_score ?? '–'}</td><td>${timeTag(entry.last_run_at)}</td><td>${badge(entry.status)}</td></tr>`,
  );
  return tableRegion(
    'Cases',
    html`<table><thead><tr><th scope="col">Case</th><th scope="col">Domain</th><th scope="col" class="num">Latest score</th><th scope="col">Last run</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function casesPage(view: CasesView): Html {
  const scope = view.allTenants ? html`<input type="hidden" name="all" value="1">` : '';
  const next = view.nextCursor
    ? html`<p><a href="${DASHBOARD_PATHS.cases}?${new URLSearchParams({ ...(view.q ? { q: view.q } : {}), ...(view.allTenants ? { all: '1' } : {}), cursor: view.nextCursor }).toString()}">Next page</a></p>`
    : '';
  const tenants = view.admin
    ? html`<p>${view.allTenants ? html`Showing every tenant's cases (monitor:admin). <a href="${DASHBOARD_PATHS.cases}">Show only mine</a>` : html`<a href="${DASHBOARD_PATHS.cases}?all=1">Show every tenant's cases</a> (monitor:admin, read only)`}</p>`
    : '';
  return dashboardLayout({
    title: 'Cases',
    section: 'cases',
    viewer: view.viewer,
    body: html`<h1>Cases</h1>
<p class="lead">A case describes a company whose visibility in AI answers is measured: runs ask four model families about it and its competitors and score what they answer.</p>
${notice(view.notice)}${errorBox(view.error)}${formErrorBox(CASE_SEARCH_FORM, view.search)}
${viewerCan(view.viewer, 'monitor:write') && html`<p><a class="button" href="${DASHBOARD_PATHS.newCase}">New case</a></p>`}
${tenants}
<form class="search" method="get" action="${DASHBOARD_PATHS.cases}" role="search">
${scope}${formSearch(CASE_SEARCH_FORM, view.search ?? { values: { q: view.q } }, 'q')}
<button type="submit" class="secondary">Search</button></form>
${casesTable(view)}${next}`,
  });
}

const STATUS_TEXT = {
  active: 'Active: measured every month',
  paused: 'Paused: no monthly runs',
  archived: 'Archived: no runs at all',
} as const;

function statusSelect(form: FormState): Html {
  const current = form.values.status;
  const choices =
    current === 'archived'
      ? (['archived', 'active', 'paused'] as const)
      : (['active', 'paused'] as const);
  const options = choices.map(
    (value) =>
      html`<option value="${value}"${current === value ? ' selected' : ''}>${STATUS_TEXT[value]}</option>`,
  );
  return html`<div class="field"><label for="f-status">Status</label><select id="f-status" name="status">${options}</select></div>`;
}

export function caseFormPage(options: {
  viewer: Viewer;
  caseId?: string;
  /** The values as typed (or as stored), and the refusal when the form came back. */
  form: FormState;
  /** The active case this one would duplicate (409 `duplicate_case`), to open instead. */
  duplicateOf?: { id: string; name: string } | undefined;
}): Html {
  const editing = options.caseId !== undefined;
  const { form } = options;
  const input = (name: keyof CaseFormValues, extra: ControlOptions = {}) =>
    formInput(CASE_FORM, form, name, extra);
  const area = (name: keyof CaseFormValues, extra: { hint?: string; rows?: number }) =>
    formTextArea(CASE_FORM, form, name, extra);
  const action = options.caseId ? DASHBOARD_PATHS.case(options.caseId) : DASHBOARD_PATHS.cases;
  const name = typeof form.values.name === 'string' ? form.values.name : '';
  return dashboardLayout({
    title: editing ? 'Edit case' : 'New case',
    section: 'cases',
    viewer: options.viewer,
    replaceUrl: options.caseId ? DASHBOARD_PATHS.editCase(options.caseId) : DASHBOARD_PATHS.newCase,
    body: html`<p><a href="${options.caseId ? DASHBOARD_PATHS.case(options.caseId) : DASHBOARD_PATHS.cases}">← Back</a></p>
<h1>${editing ? html`Edit ${name}` : 'New case'}</h1>
${formErrorBox(CASE_FORM, form)}
${options.duplicateOf ? html`<p class="notice" id="duplicate-case">This case exists already: <a href="${DASHBOARD_PATHS.case(options.duplicateOf.id)}">open “${options.duplicateOf.name}”</a>, or change its name, domain, category, region or languages.</p>` : ''}
<p class="muted">Fields marked “(required)” must be filled in.</p>
<form class="stack" method="post" action="${action}">
${csrfField(options.viewer)}
${input('name')}
${input('domain', { hint: 'The brand’s site, e.g. acme-analytics.com' })}
${input('category', { hint: 'What it is, e.g. product analytics' })}
${area('icp', { rows: 3 })}
${area('competitors', { rows: 5, hint: 'One per line: Name | domain | other names, comma-separated. Domain and other names are optional.' })}
${area('aliases', { rows: 2, hint: 'Comma-separated or one per line.' })}
${area('fact_sheet', { rows: 6, hint: 'One fact per line as key: value, e.g. pricing: from $29 per month. Answers are checked against these.' })}
${area('use_cases', { rows: 3, hint: 'One per line.' })}
${input('region', { hint: 'e.g. Germany' })}
${input('languages', { hint: 'Language codes, comma-separated, e.g. en, de' })}
${statusSelect(form)}
<div class="actions"><button type="submit">${editing ? 'Save changes' : 'Create case'}</button></div>
</form>`,
  });
}
