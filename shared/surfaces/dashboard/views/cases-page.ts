/** The case list and the case form (create and edit). */
import type { CaseListEntry } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import {
  badge,
  errorBox,
  escapeHtml,
  fieldErrorSummary,
  notice,
  type ShownError,
  tableRegion,
  textArea,
  textField,
  timeTag,
} from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

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
}

function casesTable(view: CasesView): string {
  if (view.cases.length === 0) {
    return view.q
      ? '<p>No case matches.</p>'
      : '<p>No cases yet. Create one to start measuring.</p>';
  }
  const rows = view.cases
    .map(
      (entry) =>
        `<tr><td><a href="${DASHBOARD_PATHS.case(entry.id)}">${escapeHtml(entry.name)}</a>${entry.owner_email ? `<br><span class="muted">${escapeHtml(entry.owner_email)}</span>` : ''}</td><td>${escapeHtml(entry.domain)}</td><td class="num">${entry.latest_score ?? '–'}</td><td>${timeTag(entry.last_run_at)}</td><td>${badge(entry.status)}</td></tr>`,
    )
    .join('');
  return tableRegion(
    'Cases',
    `<table><thead><tr><th scope="col">Case</th><th scope="col">Domain</th><th scope="col" class="num">Latest score</th><th scope="col">Last run</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function casesPage(view: CasesView): string {
  const scope = view.allTenants ? '<input type="hidden" name="all" value="1">' : '';
  const next = view.nextCursor
    ? `<p><a href="${DASHBOARD_PATHS.cases}?${new URLSearchParams({ ...(view.q ? { q: view.q } : {}), ...(view.allTenants ? { all: '1' } : {}), cursor: view.nextCursor }).toString().replaceAll('&', '&amp;')}">Next page</a></p>`
    : '';
  const tenants = view.admin
    ? `<p>${view.allTenants ? `Showing every tenant's cases (monitor:admin). <a href="${DASHBOARD_PATHS.cases}">Show only mine</a>` : `<a href="${DASHBOARD_PATHS.cases}?all=1">Show every tenant's cases</a> (monitor:admin, read only)`}</p>`
    : '';
  return dashboardLayout({
    title: 'Cases',
    section: 'cases',
    viewer: view.viewer,
    body: `<h1>Cases</h1>
<p class="lead">A case describes a company whose visibility in AI answers is measured: runs ask four model families about it and its competitors and score what they answer.</p>
${notice(view.notice)}${errorBox(view.error)}
<p><a class="button" href="${DASHBOARD_PATHS.newCase}">New case</a></p>
${tenants}
<form class="search" method="get" action="${DASHBOARD_PATHS.cases}" role="search">
${scope}<label for="case-q">Find a case</label>
<input type="search" id="case-q" name="q" value="${escapeHtml(view.q)}">
<button type="submit" class="secondary">Search</button></form>
${casesTable(view)}${next}`,
  });
}

/** The form's fields as text, in the formats the form explains. */
export interface CaseFormValues {
  name: string;
  domain: string;
  category: string;
  icp: string;
  competitors: string;
  use_cases: string;
  region: string;
  languages: string;
  fact_sheet: string;
  aliases: string;
  status: 'active' | 'paused' | 'archived';
}

export const EMPTY_CASE_FORM: CaseFormValues = {
  name: '',
  domain: '',
  category: '',
  icp: '',
  competitors: '',
  use_cases: '',
  region: '',
  languages: 'en',
  fact_sheet: '',
  aliases: '',
  status: 'active',
};

const STATUS_TEXT = {
  active: 'Active: measured every month',
  paused: 'Paused: no monthly runs',
  archived: 'Archived: no runs at all',
} as const;

/** The form's fields by name, as the page labels them (errors name fields by these). */
export const CASE_FIELD_LABELS: Record<string, string> = {
  name: 'Brand name',
  domain: 'Domain',
  category: 'Category',
  icp: 'Ideal customer profile',
  competitors: 'Competitors',
  aliases: 'Other names of the brand',
  fact_sheet: 'Fact sheet',
  use_cases: 'Use cases',
  region: 'Region',
  languages: 'Languages',
  status: 'Status',
};

export function caseFormPage(options: {
  viewer: Viewer;
  caseId?: string;
  values: CaseFormValues;
  error?: ShownError | undefined;
  /** Messages by field name; shown at the fields, listed once at the top. */
  fieldErrors?: Record<string, string>;
}): string {
  const editing = options.caseId !== undefined;
  const values = options.values;
  const errors = options.fieldErrors ?? {};
  const at = (name: keyof CaseFormValues) => ({
    name,
    label: CASE_FIELD_LABELS[name] ?? name,
    value: values[name],
    error: errors[name],
  });
  const summary = Object.keys(errors).length
    ? fieldErrorSummary(errors, CASE_FIELD_LABELS)
    : errorBox(options.error && { message: options.error.message });
  const action = options.caseId ? DASHBOARD_PATHS.case(options.caseId) : DASHBOARD_PATHS.cases;
  const choices =
    values.status === 'archived'
      ? (['archived', 'active', 'paused'] as const)
      : (['active', 'paused'] as const);
  const status = choices
    .map(
      (value) =>
        `<option value="${value}"${values.status === value ? ' selected' : ''}>${STATUS_TEXT[value]}</option>`,
    )
    .join('');
  return dashboardLayout({
    title: editing ? 'Edit case' : 'New case',
    section: 'cases',
    viewer: options.viewer,
    replaceUrl: options.caseId ? DASHBOARD_PATHS.editCase(options.caseId) : DASHBOARD_PATHS.newCase,
    body: `<p><a href="${options.caseId ? DASHBOARD_PATHS.case(options.caseId) : DASHBOARD_PATHS.cases}">← Back</a></p>
<h1>${editing ? `Edit ${escapeHtml(values.name)}` : 'New case'}</h1>
${summary}
<p class="muted">Fields marked <span class="required">*</span> are required.</p>
<form class="stack" method="post" action="${action}">
${csrfField(options.viewer)}
${textField({ ...at('name'), required: true })}
${textField({ ...at('domain'), required: true, hint: 'The brand’s site, e.g. acme-analytics.com' })}
${textField({ ...at('category'), required: true, hint: 'What it is, e.g. product analytics' })}
${textArea({ ...at('icp'), rows: 3 })}
${textArea({ ...at('competitors'), rows: 5, hint: 'One per line: Name | domain | other names, comma-separated. Domain and other names are optional.' })}
${textArea({ ...at('aliases'), rows: 2, hint: 'Comma-separated or one per line.' })}
${textArea({ ...at('fact_sheet'), rows: 6, hint: 'One fact per line as key: value, e.g. pricing: from $29 per month. Answers are checked against these.' })}
${textArea({ ...at('use_cases'), rows: 3, hint: 'One per line.' })}
${textField({ ...at('region'), hint: 'e.g. Germany' })}
${textField({ ...at('languages'), hint: 'Language codes, comma-separated, e.g. en, de' })}
<div class="field"><label for="f-status">Status</label><select id="f-status" name="status">${status}</select></div>
<div class="actions"><button type="submit">${editing ? 'Save changes' : 'Create case'}</button></div>
</form>`,
  });
}
