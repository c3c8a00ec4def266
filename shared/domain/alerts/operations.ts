/**
 * The alert routes (docs/alerts.md; additions): create, list and delete a case's rules, a rule's
 * firings with their deliveries, and the preview of how often a rule would have fired over the
 * case's past runs. Changing needs `monitor:write` on the route and the case of the caller's own
 * account; reading needs `monitor:read`. Another account's case, or a rule of another case, reads
 * as 404. Creating and deleting write `alert.created` / `alert.deleted` with the change.
 */
import { type Caller, readsAllTenants } from '#shared/domain/accounts/principal';
import { auditEvent } from '#shared/domain/audit/events';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, NotFoundError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { type AccessDeps, ownCase, readableCase } from '#shared/domain/monitor/access';
import { type CaseRef, caseRefOf } from '#shared/domain/monitor/run-ref';
import type { CaseIdParams } from '#shared/domain/monitor/schemas';
import type { DeliveryStore } from '#shared/domain/webhooks/ports';
import { type ReceiverLookup, validateReceiverUrl } from '#shared/domain/webhooks/url-policy';
import { evaluateRule } from './evaluate.ts';
import type { EvaluatedRule } from './evaluation-types.ts';
import { finishedRuns, type HistoryDeps, PREVIEW_RUNS } from './history.ts';
import type { AlertChannels, AlertStore, StoredAlert } from './ports.ts';
import { checkRule } from './rules.ts';
import {
  type AlertIdParams,
  type CreateAlertBody,
  MAX_ALERTS_PER_CASE,
  type PreviewAlertBody,
  type PreviewAlertResponse,
} from './schemas.ts';
import { alertView, firingView } from './views.ts';

export interface AlertDeps extends AccessDeps, HistoryDeps {
  alerts: AlertStore;
  deliveries: Pick<DeliveryStore, 'getDeliveries'>;
  /** ALLOW_PRIVATE_TARGETS=1 (tests, the local demo): a Slack URL may be loopback, any port. */
  allowPrivateTargets: boolean;
  /** The service's one name lookup (OFFLINE_DNS governs it). */
  lookup: ReceiverLookup;
  clock: Clock;
  newId?: () => string;
}

/** Firings a rule's deliveries list shows. */
export const LISTED_FIRINGS = 20;

/** The rule's fields as stored, the rule's checks and the Slack URL's address policy passed. */
async function checkedRule(
  body: CreateAlertBody,
  deps: Pick<AlertDeps, 'allowPrivateTargets' | 'lookup'>,
): Promise<Omit<StoredAlert, 'id' | 'account_id' | 'case_id' | 'created_at' | 'last_fired_at'>> {
  const rule = {
    metric: body.metric,
    condition: body.condition,
    family: body.family ?? null,
    brand: body.brand ?? null,
    threshold: body.threshold ?? null,
  };
  checkRule(rule);
  const channels: AlertChannels = {
    webhook: body.channels.webhook ?? false,
    email: body.channels.email ?? [],
    slack_url: null,
  };
  if (body.channels.slack_url !== undefined) {
    const url = await validateReceiverUrl(body.channels.slack_url, deps);
    channels.slack_url = url.href;
  }
  if (!channels.webhook && channels.email.length === 0 && channels.slack_url === null) {
    throw new BadRequestError(
      'invalid_request',
      'Invalid alert rule: channels: name at least one channel (webhook: true, email or slack_url).',
      {
        details: {
          issues: [{ path: ['channels'], code: 'custom', message: 'name at least one channel' }],
        },
      },
    );
  }
  return { ...rule, significant_only: body.significant_only ?? true, channels };
}

export async function createAlert(
  input: CallerInput<CaseIdParams, undefined, CreateAlertBody>,
  deps: AlertDeps,
) {
  const { stored: owned } = await ownCase(input.principal, input.params.id, deps);
  const fields = await checkedRule(input.body, deps);
  const alert: StoredAlert = {
    id: deps.newId?.() ?? crypto.randomUUID(),
    account_id: owned.owner_id,
    case_id: owned.id,
    ...fields,
    created_at: nowIso(deps.clock),
    last_fired_at: null,
  };
  const audit = auditEvent(
    input.principal,
    'alert.created',
    { type: 'alert', id: alert.id },
    {
      case_id: alert.case_id,
      metric: alert.metric,
      condition: alert.condition,
      channels: channelKinds(alert.channels),
    },
    deps.clock,
  );
  if (!(await deps.alerts.createAlert(alert, audit, MAX_ALERTS_PER_CASE))) {
    throw new BadRequestError(
      'invalid_request',
      `A case has at most ${MAX_ALERTS_PER_CASE} alert rules; delete one first.`,
    );
  }
  return { alert: alertView(alert, true) };
}

/** The channel kinds a rule uses (the audit log names them, never an address or URL). */
function channelKinds(channels: AlertChannels): string[] {
  return [
    ...(channels.webhook ? ['webhook'] : []),
    ...(channels.email.length > 0 ? ['email'] : []),
    ...(channels.slack_url ? ['slack'] : []),
  ];
}

/** Whether the caller may change the case's rules, so may see their Slack URLs whole. */
function changesRules(principal: Caller, owner: string): boolean {
  return principal.scopes.has('monitor:write') && principal.accountId === owner;
}

export async function listAlerts(input: CallerInput<CaseIdParams>, deps: AlertDeps) {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const alerts = await deps.alerts.listAlerts(caseRefOf(stored));
  const full = changesRules(input.principal, stored.owner_id);
  return { alerts: alerts.map((alert) => alertView(alert, full)) };
}

export async function deleteAlert(input: CallerInput<AlertIdParams>, deps: AlertDeps) {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  const ref = caseRefOf(stored);
  const alert = await requireAlert(ref, input.params.alert_id, deps);
  const audit = auditEvent(
    input.principal,
    'alert.deleted',
    { type: 'alert', id: alert.id },
    { case_id: alert.case_id, metric: alert.metric, condition: alert.condition },
    deps.clock,
  );
  if (!(await deps.alerts.deleteAlert(ref, alert.id, audit))) throw alertNotFound(alert.id);
  return { deleted: alert.id };
}

function alertNotFound(alertId: string): NotFoundError {
  return new NotFoundError(`No alert rule with id "${alertId}" on this case.`);
}

async function requireAlert(ref: CaseRef, alertId: string, deps: Pick<AlertDeps, 'alerts'>) {
  const alert = await deps.alerts.getAlert(ref, alertId);
  if (!alert) throw alertNotFound(alertId);
  return alert;
}

/** A rule's latest firings, newest first, each with its deliveries on every channel. */
export async function listAlertDeliveries(input: CallerInput<AlertIdParams>, deps: AlertDeps) {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const ref = caseRefOf(stored);
  await requireAlert(ref, input.params.alert_id, deps);
  const firings = await deps.alerts.listFirings(ref, input.params.alert_id, LISTED_FIRINGS);
  const ids = firings.flatMap((firing) => firing.delivery_ids);
  const deliveries =
    ids.length > 0 ? await deps.deliveries.getDeliveries(stored.owner_id, ids) : [];
  const full = changesRules(input.principal, stored.owner_id) && !readsAllTenants(input.principal);
  return { firings: firings.map((firing) => firingView(firing, deliveries, full)) };
}

/** How often the rule in the body would have fired over the case's latest finished runs. */
export async function previewAlert(
  input: CallerInput<CaseIdParams, undefined, PreviewAlertBody>,
  deps: AlertDeps,
): Promise<PreviewAlertResponse> {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const body = input.body;
  const rule: EvaluatedRule = {
    metric: body.metric,
    condition: body.condition,
    family: body.family ?? null,
    brand: body.brand ?? null,
    threshold: body.threshold ?? null,
    significant_only: body.significant_only ?? true,
  };
  checkRule(rule);
  return { preview: await previewOf(rule, caseRefOf(stored), stored.name, deps) };
}

/** The rule evaluated on each of the latest finished runs against the one before it. */
export async function previewOf(
  rule: EvaluatedRule,
  ref: CaseRef,
  caseName: string,
  deps: HistoryDeps,
): Promise<PreviewAlertResponse['preview']> {
  const runs = await finishedRuns(ref, deps, {
    limit: PREVIEW_RUNS,
    withAnswers: rule.metric === 'citations_lost',
  });
  const looked = runs.slice(-PREVIEW_RUNS);
  const firings: PreviewAlertResponse['preview']['firings'] = [];
  for (const current of looked) {
    const index = runs.indexOf(current);
    const fired = evaluateRule(rule, current, runs[index - 1], caseName);
    if (!fired) continue;
    const { before, after, change, cause, text } = fired;
    firings.push({
      run_id: current.run_id,
      label: current.label,
      finished_at: current.finished_at,
      before,
      after,
      change,
      cause,
      text,
    });
  }
  return { runs: looked.length, fired: firings.length, firings: firings.reverse() };
}
