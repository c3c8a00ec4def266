/**
 * A case's Alerts tab (docs/dashboard.md "Alerts"): its rules with each one's deliveries, a form
 * to make a rule from a metric with a preview of how often it would have fired over the case's
 * past runs, the digest, and the report links of its runs with copy and revoke. The same
 * operations as the API routes; a viewer reads the tab, and its forms answer a viewer 403
 * (their routes need `monitor:write`).
 */
import type { z } from 'zod';
import { getDigest, PutDigestBodySchema, putDigest } from '#shared/domain/alerts/digest';
import {
  type AlertDeps,
  createAlert,
  deleteAlert,
  listAlertDeliveries,
  listAlerts,
  previewAlert,
} from '#shared/domain/alerts/operations';
import {
  type AlertIdParams,
  CreateAlertBodySchema,
  PreviewAlertBodySchema,
} from '#shared/domain/alerts/schemas';
import { AppError } from '#shared/domain/kernel/errors';
import { getCase, listRuns, type MonitorDeps } from '#shared/domain/monitor/operations';
import type { CaseIdParams } from '#shared/domain/monitor/schemas';
import {
  createReportLink,
  listReportLinks,
  type ReportDeps,
  revokeReportLink,
} from '#shared/domain/reports/operations';
import { CreateReportLinkBodySchema, type ReportLinkParams } from '#shared/domain/reports/schemas';
import { type AlertsView, alertsPage } from '#shared/surfaces/dashboard/views/alerts-page';
import { type FormState, type Submitted, submitForm } from './form-kit/form.ts';
import {
  ALERT_FORM,
  type AlertFormSchema,
  CreateReportLinkRunSchema,
  DIGEST_FORM,
  type DigestFormSchema,
  REPORT_LINK_FORM,
  type ReportLinkFormSchema,
} from './forms-alerts.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  htmlPage,
  type NoticeCode,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

/** The case operations, the alert routes' and the report links' dependencies together. */
export type AlertPagesDeps = MonitorDeps & AlertDeps & ReportDeps;
type Input<P = undefined, Q = undefined, B = undefined> = SessionInput<P, Q, B>;

/** Finished runs whose report links the tab lists (the newest). */
const LINKED_RUNS = 6;

function reader<P>(input: Input<unknown, unknown, unknown>, params: P): Input<P> {
  return { ...input, params, query: undefined, body: undefined } as Input<P>;
}

/** Everything the tab shows, read with the caller's own rights. */
async function tabView(
  input: Input<CaseIdParams, unknown, unknown>,
  deps: AlertPagesDeps,
): Promise<AlertsView> {
  const caseReader = reader(input, { id: input.params.id });
  const [{ case: detail }, { alerts }, { digest }, { runs }] = await Promise.all([
    getCase(caseReader, deps),
    listAlerts(caseReader, deps),
    getDigest(caseReader, deps),
    listRuns({ ...caseReader, query: { limit: 24 } }, deps),
  ]);
  const firings = await Promise.all(
    alerts.map((alert) =>
      listAlertDeliveries(reader(input, { id: detail.id, alert_id: alert.id }), deps).then(
        (read) => read.firings,
      ),
    ),
  );
  const done = runs.filter((run) => run.status === 'done');
  const links = await Promise.all(
    done.slice(0, LINKED_RUNS).map(async (run) => ({
      run,
      links: (await listReportLinks(reader(input, { id: detail.id, run_id: run.id }), deps)).links,
    })),
  );
  return {
    viewer: viewerOf(input.principal),
    canChange: input.principal.scopes.has('monitor:write'),
    detail,
    alerts: alerts.map((alert, index) => ({ alert, firings: firings[index] ?? [] })),
    digest,
    runs: done,
    links: links.filter((entry) => entry.links.length > 0),
  };
}

export async function caseAlertsPage(
  input: Input<CaseIdParams, { notice?: string | undefined }>,
  deps: AlertPagesDeps,
): Promise<PageResponse> {
  const view = await tabView(input, deps);
  return htmlPage(alertsPage({ ...view, notice: noticeText(input.query.notice) }));
}

const back = (caseId: string, code: NoticeCode) =>
  redirect(`${DASHBOARD_PATHS.caseAlerts(caseId)}?notice=${code}`);

/** A refusal's own words at its fields (the alert checks write them for people). */
function withAreaWords<T>(submitted: Submitted<T>): Submitted<T> {
  if (submitted.ok) return submitted;
  const issues = submitted.details.issues;
  if (!Array.isArray(issues)) return submitted;
  const fields: Record<string, string> = { ...submitted.state.error?.fields };
  for (const issue of issues as { path?: unknown[]; message?: string }[]) {
    const path = issue.path ?? [];
    // `channels.email.0` is the e-mail field; `channels` alone the channel group.
    const name = String(path[0] === 'channels' && path.length > 1 ? path[1] : (path[0] ?? ''));
    if (issue.message && name in ALERT_FORM.fields) fields[name] = capitalised(issue.message);
  }
  return {
    ...submitted,
    state: { ...submitted.state, error: { ...submitted.state.error, fields } },
  };
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** "25%" is 0.25; a plain number is taken as the API takes it. */
function thresholdOf(raw: string): number | string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  const percent = /^(-?\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (percent) return Number(percent[1]) / 100;
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

function addressesOf(raw: string): string[] | undefined {
  const list = raw.split(/[\s,;]+/).filter((entry) => entry !== '');
  return list.length > 0 ? list : undefined;
}

/** The form's fields as the API's body. */
function alertBodyOf(form: z.output<typeof AlertFormSchema>) {
  return {
    metric: form.metric,
    condition: form.condition,
    ...(form.family ? { family: form.family } : {}),
    ...(form.brand.trim() ? { brand: form.brand } : {}),
    ...(thresholdOf(form.threshold) === undefined
      ? {}
      : { threshold: thresholdOf(form.threshold) }),
    significant_only: form.significant_only !== undefined,
    channels: {
      webhook: form.webhook !== undefined,
      ...(addressesOf(form.email) ? { email: addressesOf(form.email) } : {}),
      ...(form.slack_url.trim() ? { slack_url: form.slack_url.trim() } : {}),
    },
  };
}

/** Paths inside `channels` point at their own fields. */
function channelPaths<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AppError && Array.isArray(error.details?.issues)) {
      for (const issue of error.details.issues as { path?: unknown[] }[]) {
        if (issue.path?.[0] === 'channels' && issue.path.length > 1)
          issue.path = issue.path.slice(1);
      }
    }
    throw error;
  }
}

export async function createAlertFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof AlertFormSchema>>,
  deps: AlertPagesDeps,
): Promise<PageResponse> {
  const body = alertBodyOf(input.body);
  const values = input.body as FormState['values'];
  if (input.body.intent === 'preview') {
    const previewed = withAreaWords(
      await submitForm(ALERT_FORM, values, () =>
        previewAlert(
          { ...input, body: channelPaths(() => parseWith(PreviewAlertBodySchema, body)) },
          deps,
        ),
      ),
    );
    const view = await tabView(input, deps);
    if (!previewed.ok) {
      return htmlPage(alertsPage({ ...view, alertForm: previewed.state }), previewed.status);
    }
    return htmlPage(
      alertsPage({ ...view, alertForm: { values }, preview: previewed.value.preview }),
    );
  }
  const created = withAreaWords(
    await submitForm(ALERT_FORM, values, () =>
      createAlert(
        { ...input, body: channelPaths(() => parseWith(CreateAlertBodySchema, body)) },
        deps,
      ),
    ),
  );
  if (!created.ok) {
    const view = await tabView(input, deps);
    return htmlPage(alertsPage({ ...view, alertForm: created.state }), created.status);
  }
  return back(input.params.id, 'alert_created');
}

export async function deleteAlertFromForm(input: Input<AlertIdParams>, deps: AlertPagesDeps) {
  await deleteAlert(input, deps);
  return back(input.params.id, 'alert_deleted');
}

export async function saveDigestFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof DigestFormSchema>>,
  deps: AlertPagesDeps,
): Promise<PageResponse> {
  const body = {
    enabled: input.body.enabled !== undefined,
    email: addressesOf(input.body.email) ?? [],
  };
  const saved = withAreaWords(
    await submitForm(DIGEST_FORM, input.body as FormState['values'], () =>
      putDigest({ ...input, body: parseWith(PutDigestBodySchema, body) }, deps),
    ),
  );
  if (!saved.ok) {
    const view = await tabView(input, deps);
    return htmlPage(alertsPage({ ...view, digestForm: saved.state }), saved.status);
  }
  return back(input.params.id, saved.value.digest.enabled ? 'digest_on' : 'digest_off');
}

export async function createReportLinkFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof ReportLinkFormSchema>>,
  deps: AlertPagesDeps,
): Promise<PageResponse> {
  const form = input.body;
  const days = form.expires_in_days.trim();
  const body = {
    ...(form.title.trim() ? { title: form.title } : {}),
    ...(form.logo_url.trim() ? { logo_url: form.logo_url.trim() } : {}),
    ...(days ? { expires_in_days: Number.isFinite(Number(days)) ? Number(days) : days } : {}),
  };
  const runId = form.run_id.trim();
  const made = await submitForm(REPORT_LINK_FORM, form as FormState['values'], () =>
    createReportLink(
      {
        ...input,
        params: {
          id: input.params.id,
          run_id: parseWith(CreateReportLinkRunSchema, { run_id: runId }).run_id,
        },
        body: parseWith(CreateReportLinkBodySchema, body),
      },
      deps,
    ),
  );
  const view = await tabView(input, deps);
  if (!made.ok) return htmlPage(alertsPage({ ...view, linkForm: made.state }), made.status);
  return htmlPage(alertsPage({ ...view, createdLink: made.value.link }), 201);
}

export async function revokeReportLinkFromForm(
  input: Input<ReportLinkParams>,
  deps: AlertPagesDeps,
) {
  await revokeReportLink(input, deps);
  return back(input.params.id, 'report_link_revoked');
}
