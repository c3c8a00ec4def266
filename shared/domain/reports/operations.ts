/**
 * Report links (docs/alerts.md "Client reports by link"; additions): made for one finished run by
 * a caller who may change the case (`monitor:write`), listed with `monitor:read`, revoked with
 * `monitor:write`. The page the link opens needs no account; a revoked or expired link, or a token
 * that names nothing, is 404. The token is 256 random bits and only its SHA-256 is kept.
 */

import {
  generateSecretToken,
  hashSecretToken,
  isWellFormedSecretToken,
} from '#shared/domain/accounts/secret-tokens';
import { auditEvent } from '#shared/domain/audit/events';
import type { Clock } from '#shared/domain/kernel/clock';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput, OperationInput } from '#shared/domain/kernel/operation';
import { type AccessDeps, ownCase, readableCase } from '#shared/domain/monitor/access';
import type { BrandScanReader } from '#shared/domain/monitor/brand-scans';
import type { FixView } from '#shared/domain/monitor/fix-schemas';
import { fixesOfCase } from '#shared/domain/monitor/fixes';
import type {
  RunDataStore,
  RunsStore,
  StoredCase,
  StoredRun,
  StoredSummary,
} from '#shared/domain/monitor/ports';
import { citedPagesOfRun, type OwnCitedPage } from '#shared/domain/monitor/run-reads';
import { caseRefOf, runOfCase } from '#shared/domain/monitor/run-ref';
import type { RunIdParams } from '#shared/domain/monitor/run-schemas';
import type { ReportLinkStore, StoredReportLink } from './ports.ts';
import {
  type CreateReportLinkBody,
  DEFAULT_REPORT_DAYS,
  MAX_LINKS_PER_RUN,
  type ReportLinkParams,
  type ReportLinkView,
  type ReportTokenParams,
} from './schemas.ts';

export interface ReportDeps extends AccessDeps {
  reports: ReportLinkStore;
  runs: RunsStore;
  clock: Clock;
  newId?: () => string;
  newToken?: () => string;
}

/** What the public page reads besides the link: the run's data and the brand's scans. */
export interface ReportPageDeps extends ReportDeps {
  data: RunDataStore;
  scans: BrandScanReader;
}

const DAY_MS = 86_400_000;

/** The path of a report page; the token is the last segment. */
export function reportPath(token: string): string {
  return `/reports/${token}`;
}

/** A logo address: https, no credentials, no spaces or control characters (400 `invalid_url`). */
function checkedLogoUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const url = URL.parse(raw.trim());
  const refuse = (rule: string, message: string) =>
    new BadRequestError('invalid_url', `logo_url ${message}.`, {
      details: { rule, field: 'logo_url' },
    });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(raw.trim()))
    throw refuse('control_characters', 'must not contain spaces or control characters');
  if (!url) throw refuse('not_absolute', 'must be an absolute https address');
  if (url.protocol !== 'https:') throw refuse('https_only', 'must be an https address');
  if (url.username !== '' || url.password !== '')
    throw refuse('credentials', 'must not carry a user name or password');
  return url.href;
}

function linkView(link: StoredReportLink, now: Date): ReportLinkView {
  return {
    id: link.id,
    run_id: link.run_id,
    title: link.title,
    logo_url: link.logo_url,
    created_at: link.created_at,
    expires_at: link.expires_at,
    expired: Date.parse(link.expires_at) <= now.getTime(),
  };
}

/** A run of the case that has finished `done` (its summary is what the page shows). */
async function finishedRun(stored: StoredCase, runId: string, deps: Pick<ReportDeps, 'runs'>) {
  const run = await deps.runs.getRun(runOfCase(stored, runId));
  if (!run) throw new NotFoundError(`No run with id "${runId}" in this case.`);
  return run;
}

export async function createReportLink(
  input: CallerInput<RunIdParams, undefined, CreateReportLinkBody>,
  deps: ReportDeps,
) {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  const run = await finishedRun(stored, input.params.run_id, deps);
  if (run.status !== 'done') {
    throw new ConflictError('no_run', 'This run has not finished: a report shows a finished run.');
  }
  const logo = checkedLogoUrl(input.body.logo_url);
  const now = deps.clock.now();
  const open = await deps.reports.listLinks(runOfCase(stored, run.id));
  // A soft cap (two requests at once may pass it together): it bounds a mistake, not an attack.
  if (
    open.filter((link) => Date.parse(link.expires_at) > now.getTime()).length >= MAX_LINKS_PER_RUN
  ) {
    throw new BadRequestError(
      'invalid_request',
      `A run has at most ${MAX_LINKS_PER_RUN} open report links; revoke one first.`,
    );
  }
  const token = deps.newToken?.() ?? generateSecretToken();
  const days = input.body.expires_in_days ?? DEFAULT_REPORT_DAYS;
  const link: StoredReportLink = {
    id: deps.newId?.() ?? crypto.randomUUID(),
    account_id: stored.owner_id,
    case_id: stored.id,
    run_id: run.id,
    title: input.body.title ?? null,
    logo_url: logo,
    token_hash: hashSecretToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
  };
  const audit = auditEvent(
    input.principal,
    'report_link.created',
    { type: 'report_link', id: link.id },
    { case_id: link.case_id, run_id: link.run_id, expires_at: link.expires_at },
    deps.clock,
  );
  // A fresh id and 256 random bits cannot meet an existing link: a refusal here is a bug.
  if (!(await deps.reports.createLink(link, audit))) throw new Error('report link id collision');
  const url = `${input.request.baseUrl}${reportPath(token)}`;
  return { link: { ...linkView(link, now), url } };
}

export async function listReportLinks(input: CallerInput<RunIdParams>, deps: ReportDeps) {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const run = await finishedRun(stored, input.params.run_id, deps);
  const links = await deps.reports.listLinks({ ...caseRefOf(stored), run_id: run.id });
  const now = deps.clock.now();
  return { links: links.map((link) => linkView(link, now)) };
}

export async function revokeReportLink(input: CallerInput<ReportLinkParams>, deps: ReportDeps) {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  const link = await deps.reports.getLink(caseRefOf(stored), input.params.link_id);
  if (!link || link.run_id !== input.params.run_id) throw linkNotFound(input.params.link_id);
  const audit = auditEvent(
    input.principal,
    'report_link.revoked',
    { type: 'report_link', id: link.id },
    { case_id: link.case_id, run_id: link.run_id },
    deps.clock,
  );
  if (!(await deps.reports.revokeLink(link, audit))) throw linkNotFound(link.id);
  return { deleted: link.id };
}

function linkNotFound(linkId: string): NotFoundError {
  return new NotFoundError(`No report link with id "${linkId}" on this run.`);
}

/** Everything the public page shows. */
export interface ReportData {
  link: StoredReportLink;
  case: StoredCase;
  run: StoredRun;
  summary: StoredSummary;
  fixes: FixView[] | null;
  citedPages: OwnCitedPage[];
}

/** The same answer for every link that does not open: nobody learns which tokens existed. */
function noReport(): NotFoundError {
  return new NotFoundError('This report link does not exist, was revoked or has expired.');
}

/** The page's data for a live link's token; 404 for any other token. */
export async function openReport(
  input: OperationInput<ReportTokenParams>,
  deps: ReportPageDeps,
): Promise<ReportData> {
  const token = input.params.token;
  if (!isWellFormedSecretToken(token)) throw noReport();
  const link = await deps.reports.findByTokenHash(hashSecretToken(token));
  if (!link || Date.parse(link.expires_at) <= deps.clock.now().getTime()) throw noReport();
  const stored = await deps.cases.getCase({ owner_id: link.account_id, case_id: link.case_id });
  const run = stored ? await deps.runs.getRun(runOfCase(stored, link.run_id)) : undefined;
  const summary = run
    ? await deps.runs.getSummary(runOfCase(stored as StoredCase, run.id))
    : undefined;
  if (!stored || !run || !summary) throw noReport();
  const [fixes, cited] = await Promise.all([
    fixesOfCase(stored, deps)
      .then((read) => read.fixes)
      .catch(() => null),
    citedPagesOfRun(stored, run, deps),
  ]);
  return { link, case: stored, run, summary, fixes, citedPages: cited.pages };
}
