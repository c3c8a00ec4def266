/**
 * After a run is done (docs/alerts.md "When a rule fires"): the events dispatcher hands every
 * `run.completed` here once it has recorded it. Each rule of the case is evaluated on the run;
 * a rule that fires is claimed for the run with a condition (one firing per rule and run, however
 * often the Aggregate step or this dispatch runs), then told on its channels: the `case.alert`
 * event to the subscribed webhook endpoints, a Slack post, mails. The case's digest, when opted
 * in, is mailed too. Every delivery's id derives from the event and its target, so a dispatch
 * that stopped half-way and runs again (SQS delivers the message again) makes what was missing
 * and nothing twice.
 */
import type { EventLog } from '#shared/domain/events/ports';
import type { DomainEvent } from '#shared/domain/events/types';
import type { Clock } from '#shared/domain/kernel/clock';
import { nowIso } from '#shared/domain/kernel/clock';
import { nameBasedUuid } from '#shared/domain/kernel/ids';
import type { Logger } from '#shared/domain/kernel/logger';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import {
  type DeliveryLifecycleDeps,
  deliverEvent,
  deliverOnChannel,
} from '#shared/domain/webhooks/deliveries';
import type { DeliveryChannel, StoredDelivery } from '#shared/domain/webhooks/ports';
import { evaluateRule } from './evaluate.ts';
import type { RunFacts } from './evaluation-types.ts';
import { factsOf, type HistoryDeps } from './history.ts';
import { type AlertLinks, alertMail, digestMail, slackBody } from './messages.ts';
import type { AlertStore, StoredAlert, StoredFiring } from './ports.ts';
import { firingFigures } from './views.ts';

export interface AlertDispatchDeps extends HistoryDeps {
  alerts: AlertStore;
  /** The webhook deliveries' store and workflow starter (the same workflow for every channel). */
  delivery: DeliveryLifecycleDeps;
  log: Pick<EventLog, 'record'>;
  links: AlertLinks;
  logger: Logger;
  clock: Clock;
}

/** The `run.completed` fields this reads. */
interface RunCompleted {
  run_id: string;
  case_id: string;
  case_name: string;
  status: string;
  finished_at: string;
}

/** The `case.alert` event of a rule on a run: one id, whichever attempt makes it. */
export function caseAlertEventId(alertId: string, runId: string): string {
  return nameBasedUuid(`case.alert:${alertId}:${runId}`);
}

export async function alertOnRunCompleted(
  event: DomainEvent,
  deps: AlertDispatchDeps,
): Promise<{ fired: number; digests: number }> {
  if (event.type !== 'run.completed' || event.data.status !== 'done')
    return { fired: 0, digests: 0 };
  const data = event.data as unknown as RunCompleted;
  const ref: RunRef = { owner_id: event.account_id, case_id: data.case_id, run_id: data.run_id };
  const [rules, digest] = await Promise.all([
    deps.alerts.listAlerts(ref),
    deps.alerts.getDigest(ref),
  ]);
  // A rule made after the run ended does not judge it (a redelivered message finds it).
  const judging = rules.filter((rule) => rule.created_at <= data.finished_at);
  const digestTo = digest?.enabled ? digest.email : [];
  if (judging.length === 0 && digestTo.length === 0) return { fired: 0, digests: 0 };
  const run = await deps.runs.getRun(ref);
  const withAnswers = judging.some((rule) => rule.metric === 'citations_lost');
  const current = run ? await factsOf(run, deps, withAnswers) : undefined;
  if (!run || !current) return { fired: 0, digests: 0 };
  const previous = await previousFacts(ref, current, deps, withAnswers);
  let fired = 0;
  for (const rule of judging) {
    if (await fireRule(rule, { ref, current, previous, caseName: data.case_name }, deps))
      fired += 1;
  }
  for (const address of digestTo) {
    const mail = digestMail(
      {
        caseId: ref.case_id,
        caseName: data.case_name,
        runId: run.id,
        runLabel: run.label,
        summary: current.summary,
      },
      deps.links,
    );
    const eventId = nameBasedUuid(`case.digest:${run.id}`);
    await deliverOnChannel(
      channelDelivery(
        {
          event_id: eventId,
          type: 'case.digest',
          at: current.finished_at,
          account_id: ref.owner_id,
        },
        {
          kind: 'email',
          target: address,
          case_id: ref.case_id,
          alert_id: null,
        },
        JSON.stringify(mail),
      ),
      deps.delivery,
    );
  }
  return { fired, digests: digestTo.length };
}

async function previousFacts(
  ref: RunRef,
  current: RunFacts,
  deps: AlertDispatchDeps,
  withAnswers: boolean,
): Promise<RunFacts | undefined> {
  const previousId = current.summary.delta.previous_run_id;
  if (!previousId) return undefined;
  const previous = await deps.runs.getRun({ ...ref, run_id: previousId });
  return previous ? factsOf(previous, deps, withAnswers) : undefined;
}

interface FiringContext {
  ref: RunRef;
  current: RunFacts;
  previous: RunFacts | undefined;
  caseName: string;
}

/** Evaluates one rule; when it fires, claims the firing and delivers it. True when it fired. */
async function fireRule(
  rule: StoredAlert,
  context: FiringContext,
  deps: AlertDispatchDeps,
): Promise<boolean> {
  const figures = evaluateRule(
    { ...rule, family: rule.family as never },
    context.current,
    context.previous,
    context.caseName,
  );
  if (!figures) return false;
  const { last_fired_at: _last, ...snapshot } = rule;
  const claim = await deps.alerts.claimFiring(context.ref, {
    ...figures,
    alert_id: rule.id,
    case_id: rule.case_id,
    account_id: rule.account_id,
    run_id: context.current.run_id,
    run_label: context.current.label,
    fired_at: nowIso(deps.clock),
    event_id: caseAlertEventId(rule.id, context.current.run_id),
    rule: snapshot,
    delivery_ids: [],
  });
  if (claim.status === 'rule_gone') return false;
  await deliverFiring(claim.firing, context, deps);
  return true;
}

/** The `case.alert` event: the rule, the case, the run and what moved, in one object. */
export function caseAlertEvent(
  firing: StoredFiring,
  caseName: string,
  links: AlertLinks,
): DomainEvent {
  const { rule } = firing;
  return {
    id: firing.event_id,
    type: 'case.alert',
    created_at: firing.fired_at,
    account_id: firing.account_id,
    data: {
      alert: {
        id: rule.id,
        metric: rule.metric,
        family: rule.family,
        brand: rule.brand,
        condition: rule.condition,
        threshold: rule.threshold,
        significant_only: rule.significant_only,
      },
      case_id: firing.case_id,
      case_name: caseName,
      run_id: firing.run_id,
      run_label: firing.run_label,
      ...firingFigures(firing),
      case_url: links.caseUrl(firing.case_id),
    },
  };
}

async function deliverFiring(
  firing: StoredFiring,
  context: FiringContext,
  deps: AlertDispatchDeps,
): Promise<void> {
  const event = caseAlertEvent(firing, context.caseName, deps.links);
  await deps.log.record(event);
  const ids: string[] = [];
  const { channels } = firing.rule;
  if (channels.webhook) ids.push(...(await deliverEvent(event, deps.delivery)).ids);
  const owner = {
    event_id: event.id,
    type: event.type,
    at: firing.fired_at,
    account_id: firing.account_id,
  };
  const on = (kind: DeliveryChannel['kind'], target: string) => ({
    kind,
    target,
    case_id: firing.case_id,
    alert_id: firing.alert_id,
  });
  const channelDeliveries = [
    ...(channels.slack_url
      ? [
          channelDelivery(
            owner,
            on('slack', channels.slack_url),
            slackBody(firing, context.caseName, deps.links),
          ),
        ]
      : []),
    ...channels.email.map((address) =>
      channelDelivery(owner, on('email', address), JSON.stringify(alertMail(firing, deps.links))),
    ),
  ];
  // The ids first: the rule's deliveries list never misses one that exists.
  ids.push(...channelDeliveries.map((delivery) => delivery.id));
  await deps.alerts.addFiringDeliveries(context.ref, firing.alert_id, firing.run_id, ids);
  for (const delivery of channelDeliveries) await deliverOnChannel(delivery, deps.delivery);
}

/** A Slack or mail delivery of an event, pending; its id names the event and the target. */
export function channelDelivery(
  owner: { event_id: string; type: string; at: string; account_id: string },
  channel: DeliveryChannel,
  body: string,
): StoredDelivery {
  return {
    id: nameBasedUuid(`channel-delivery:${owner.event_id}:${channel.kind}:${channel.target}`),
    account_id: owner.account_id,
    endpoint_id: channel.alert_id ?? channel.case_id,
    event_id: owner.event_id,
    event: owner.type,
    body,
    status: 'pending',
    attempts: 0,
    series_start: 0,
    generation: 0,
    last_status: null,
    last_error: null,
    created_at: owner.at,
    delivered_at: null,
    next_attempt_at: null,
    attempt_log: [],
    channel,
  };
}
