import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeLocal } from '#local/lambda-runtime';
import type { OutboxEntry } from '#shared/adapters/mail/outbox';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { getOutbox } from '#shared/wiring/mail';
import {
  eventsDrained,
  type FiringView,
  firingsOf,
  makeRule,
  settledFirings,
} from '#test/support/alerts';
import { expectDocumented } from '#test/support/documented';
import {
  closeLoopStage,
  type LoopStage,
  runPhase,
  STORIES,
  scanSite,
  startLoopStage,
} from '#test/support/monitor-loop';
import { callJson } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint } from '#test/support/webhooks';

/**
 * Alert rules through the local front (issue 39): cases of the simulator's three causes (the
 * engine swapped, competitors gaining share, the brand's site fixed) and a steady one, each rule
 * made between their runs; which fire and which stay silent, with their cause; the `case.alert`
 * event signed to a subscribed endpoint; Slack and e-mail delivered through retries and recorded;
 * one firing per rule and run when the Aggregate step runs again and when the dispatcher stops
 * between the claim and the deliveries; tenancy, roles and bad input.
 */
let stage: LoopStage;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let secret: string;
let runs: Record<string, string> = {};
const rules: Record<string, string> = {};
const ENGINE_MAIL = 'alerts-engine@example.com';
const STEADY_MAIL = 'alerts-steady@example.com';
/** The mails of the outboxes of the stack's wirings (a rewiring starts a new one). */
const mails: OutboxEntry[] = [];

const ENGINE = { engine: { family: 'openai', model: 'gpt-sim-next', brandRateFactor: 0 } } as const;

const rule = (story: keyof typeof STORIES, name: string, body: Record<string, unknown>) =>
  makeRule(stage.stack.baseUrl, stage.owner, stage.cases[story], body).then((id) => {
    rules[name] = id;
  });

/** Whether the fault below was met (the dispatcher did stop there once). */
const fault = { met: false };

/** Fails the first start of the steady case's rule's deliveries: the dispatcher stops there. */
function failingOnce(starter: WorkflowStarter, alertId: () => string | undefined) {
  let failed = false;
  return {
    start: (workflow, name, input) => {
      const target = (input as { endpoint_id?: string }).endpoint_id;
      if (!failed && workflow === 'webhook-delivery' && target === alertId()) {
        failed = true;
        fault.met = true;
        return Promise.reject(new Error('StartExecution unavailable (a fault of the test)'));
      }
      return starter.start(workflow, name, input);
    },
  } satisfies WorkflowStarter;
}

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  // The Slack receiver refuses the first post: it is retried after a (scaled) second.
  receiver.respond('/slack', [500, 200]);
  stage = await startLoopStage('owner-alerts@example.com', { WEBHOOK_RETRY_DELAYS_S: '1,1,1' });
  ({ secret } = await createEndpoint(stage.stack.baseUrl, stage.tools, {
    url: receiver.url('/alerts'),
    events: ['case.alert'],
  }));
  for (const story of ['engine', 'site', 'steady'] as const) await scanSite(stage, story);
  runs = await runPhase(stage, null, ['engine', 'competitors', 'site', 'steady']);
  stage.sites.site?.become('good');
  await scanSite(stage, 'site');
  const all = { webhook: true };
  await rule('engine', 'engineDrop', {
    metric: 'mention_rate',
    family: 'openai',
    condition: 'drop',
    channels: { webhook: true, email: ENGINE_MAIL, slack_url: receiver.url('/slack') },
  });
  await rule('engine', 'engineRise', { metric: 'mention_rate', condition: 'rise', channels: all });
  await rule('engine', 'model', { metric: 'model_changed', condition: 'change', channels: all });
  await rule('engine', 'otherModel', {
    metric: 'model_changed',
    family: 'google',
    condition: 'change',
    channels: all,
  });
  await rule('engine', 'scoreFell', {
    metric: 'total_score',
    condition: 'drop',
    significant_only: false,
    channels: all,
  });
  await rule('engine', 'scoreRose', {
    metric: 'total_score',
    condition: 'rise',
    significant_only: false,
    channels: all,
  });
  await rule('engine', 'lost', {
    metric: 'citations_lost',
    family: 'openai',
    condition: 'drop',
    significant_only: false,
    channels: all,
  });
  // Crossing a level: OpenAI's mention rate fell to nothing (below 1 %), it did not climb above it.
  await rule('engine', 'openaiBelow', {
    metric: 'mention_rate',
    family: 'openai',
    condition: 'below',
    threshold: 0.01,
    channels: all,
  });
  await rule('engine', 'openaiAbove', {
    metric: 'mention_rate',
    family: 'openai',
    condition: 'above',
    threshold: 0.01,
    channels: all,
  });
  // With OpenAI naming nobody, the simulator's untracked filler brand is named more often: in 2
  // of 144 judged answers before the swap, in 7 after it (it crosses 3 %, not 10 %).
  for (const [name, threshold] of [
    ['newcomer', 0.03],
    ['newcomerHigh', 0.1],
  ] as const) {
    await rule('engine', name, {
      metric: 'new_competitor',
      brand: 'Northwind Tools',
      condition: 'above',
      threshold,
      significant_only: false,
      channels: all,
    });
  }
  await rule('competitors', 'shareDrop', {
    metric: 'share_of_answer',
    condition: 'drop',
    channels: all,
  });
  await rule('competitors', 'shareRise', {
    metric: 'share_of_answer',
    condition: 'rise',
    channels: all,
  });
  await rule('competitors', 'rivalRise', {
    metric: 'share_of_answer',
    brand: 'Cobalt Labs',
    condition: 'rise',
    channels: all,
  });
  await rule('site', 'citedMore', {
    metric: 'own_citation_rate',
    condition: 'rise',
    channels: all,
  });
  await rule('site', 'citedLess', {
    metric: 'own_citation_rate',
    condition: 'drop',
    channels: all,
  });
  for (const metric of ['mention_rate', 'share_of_answer', 'own_citation_rate', 'total_score']) {
    await rule('steady', `steady-${metric}`, { metric, condition: 'change', channels: all });
  }
  await rule('steady', 'steadyCompetitor', {
    metric: 'new_competitor',
    condition: 'rise',
    channels: all,
  });
  // Every change counts: it fires on the steady case, by e-mail, through a dispatcher that stops.
  await rule('steady', 'steadyAny', {
    metric: 'total_score',
    condition: 'change',
    significant_only: false,
    channels: { email: STEADY_MAIL },
  });
  getOutbox().failNext(1);
  Object.assign(runs, { engine2: (await runPhase(stage, ENGINE, ['engine'])).engine });
  const { baseUrl } = stage.stack;
  await settledFirings(baseUrl, stage.owner, stage.cases.engine, rules.engineDrop ?? '', 3);
  // A rewired stack has an outbox of its own: keep what this one received.
  mails.push(...getOutbox().messages());
  const restore = stage.stack.rewire(
    {},
    { workflows: failingOnce(stage.stack.workflows, () => rules.steadyAny) },
  );
  try {
    const third = await runPhase(
      stage,
      {
        competitors: { names: [...STORIES.competitors.competitors], rate: 0.95 },
        ownSite: { brands: ['Sitefix Co'], citationRate: 1 },
      },
      ['competitors', 'site', 'steady'],
    );
    Object.assign(runs, {
      competitors2: third.competitors,
      site2: third.site,
      steady2: third.steady,
    });
    await settledFirings(
      stage.stack.baseUrl,
      stage.owner,
      stage.cases.steady,
      rules.steadyAny ?? '',
      1,
      { delivered: true },
    );
    mails.push(...getOutbox().messages());
  } finally {
    restore();
  }
}, 600_000);

afterAll(async () => {
  await closeLoopStage(stage);
  await receiver?.close();
  untrust?.();
  await certificate?.close();
});

const firings = (story: keyof typeof STORIES, name: string) =>
  firingsOf(stage.stack.baseUrl, stage.owner, stage.cases[story], rules[name] ?? '');

describe('rules over the three causes', () => {
  it('fire on the engine swap: OpenAI’s mention rate fell, with the engine as cause and its evidence', async () => {
    const [fired, ...more] = await firings('engine', 'engineDrop');
    expect(more).toEqual([]);
    expect(fired).toMatchObject({
      metric: 'mention_rate',
      family: 'openai',
      cause: 'engine',
      run_id: runs.engine2,
    });
    expect(fired?.change).toBeLessThan(0);
    expect(fired?.interval?.[1]).toBeLessThan(0);
    expect(fired?.evidence?.text).toBeTruthy();
    expect(await firings('engine', 'engineRise')).toEqual([]);
  });

  it('fire on the model a family served, for that family only', async () => {
    const [fired] = await firings('engine', 'model');
    expect(fired).toMatchObject({ family: 'openai', after: ['gpt-sim-next'], cause: 'engine' });
    expect(await firings('engine', 'otherModel')).toEqual([]);
  });

  it('fire on every change when asked (the score fell; it did not rise), and on the citations OpenAI no longer gives', async () => {
    const [fell] = await firings('engine', 'scoreFell');
    expect(fell?.change).toBeLessThan(0);
    expect(await firings('engine', 'scoreRose')).toEqual([]);
    const [lost] = await firings('engine', 'lost');
    expect(lost).toMatchObject({ metric: 'citations_lost', family: 'openai', after: 0 });
    expect(lost?.domains?.length).toBeGreaterThan(0);
  });

  it('fire when a level is crossed: below it, not above it', async () => {
    const [below, ...more] = await firings('engine', 'openaiBelow');
    expect(more).toEqual([]);
    expect(below).toMatchObject({ metric: 'mention_rate', family: 'openai', cause: 'engine' });
    expect(below?.after as number).toBeLessThan(0.01);
    expect(below?.before as number).toBeGreaterThanOrEqual(0.01);
    expect(await firings('engine', 'openaiAbove')).toEqual([]);
  });

  it('fire when an untracked brand crosses a share (3 %, not 10 %), and not on the steady case', async () => {
    const [newcomer, ...more] = await firings('engine', 'newcomer');
    expect(more).toEqual([]);
    expect(newcomer).toMatchObject({ metric: 'new_competitor', brand: 'Northwind Tools' });
    expect(newcomer?.before as number).toBeLessThan(0.03);
    expect(newcomer?.after as number).toBeGreaterThanOrEqual(0.03);
    expect(await firings('engine', 'newcomerHigh')).toEqual([]);
    expect(await firings('steady', 'steadyCompetitor')).toEqual([]);
  });

  it('fire when competitors gained share: the brand’s share fell, a competitor’s rose', async () => {
    const [dropped] = await firings('competitors', 'shareDrop');
    expect(dropped).toMatchObject({
      brand: STORIES.competitors.name,
      cause: 'competitors',
      run_id: runs.competitors2,
    });
    expect(await firings('competitors', 'shareRise')).toEqual([]);
    const [rival] = await firings('competitors', 'rivalRise');
    expect(rival).toMatchObject({ brand: 'Cobalt Labs' });
    expect(rival?.change).toBeGreaterThan(0);
  });

  it('fire when the brand’s site was fixed and its citations followed, with the scans as evidence', async () => {
    const [fired] = await firings('site', 'citedMore');
    expect(fired).toMatchObject({
      metric: 'own_citation_rate',
      cause: 'own_site',
      run_id: runs.site2,
    });
    expect(await firings('site', 'citedLess')).toEqual([]);
  });

  it('stay silent on the steady case, where only significant changes count', async () => {
    for (const name of Object.keys(rules).filter(
      (key) => key.startsWith('steady') && key !== 'steadyAny',
    )) {
      expect(await firings('steady', name), name).toEqual([]);
    }
  });

  it('set last_fired_at on the rules that fired, and list each rule in the documented shape', async () => {
    const listed = await callJson(
      stage.stack.baseUrl,
      `/api/v1/cases/${stage.cases.engine}/alerts`,
      {
        key: stage.owner,
      },
    );
    expectDocumented(stage.openapi, listed, '/api/v1/cases/{id}/alerts', 'get');
    const alerts = listed.body.alerts as { id: string; last_fired_at: string | null }[];
    expect(alerts.find((alert) => alert.id === rules.engineDrop)?.last_fired_at).not.toBeNull();
    expect(alerts.find((alert) => alert.id === rules.engineRise)?.last_fired_at).toBeNull();
  });
});

describe('channels', () => {
  let engineFiring: FiringView | undefined;
  beforeAll(async () => {
    [engineFiring] = await settledFirings(
      stage.stack.baseUrl,
      stage.owner,
      stage.cases.engine,
      rules.engineDrop ?? '',
      3,
    );
  });

  it('send case.alert signed to the endpoint subscribed to it, the figures in one object', async () => {
    const received = await receiver.waitFor('/alerts', 1);
    const mine = received.filter(
      (request) =>
        request.headers['x-service-event-id'] ===
        engineFiring?.deliveries.find((d) => d.channel === 'webhook')?.event_id,
    );
    expect(mine).toHaveLength(1);
    const request = mine[0];
    const verified = verifyDelivery({
      headers: request?.headers ?? {},
      rawBody: request?.rawBody ?? '',
      secrets: [secret],
    });
    expect(verified.ok).toBe(true);
    const body = JSON.parse(request?.rawBody.toString() ?? '{}');
    expect(body.type).toBe('case.alert');
    expect(body.data).toMatchObject({
      alert: {
        id: rules.engineDrop,
        metric: 'mention_rate',
        family: 'openai',
        condition: 'drop',
        significant_only: true,
      },
      case_id: stage.cases.engine,
      run_id: runs.engine2,
      metric: 'mention_rate',
      family: 'openai',
      cause: 'engine',
    });
    for (const field of ['before', 'after', 'change', 'interval', 'evidence'])
      expect(body.data[field], field).toBeDefined();
    expect(JSON.stringify(body)).not.toContain(ENGINE_MAIL);
  });

  it('post to Slack {text, blocks} with a link to the case, retried after a refusal and recorded', async () => {
    const slack = engineFiring?.deliveries.find((delivery) => delivery.channel === 'slack');
    expect(slack).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status: 200,
      event: 'case.alert',
    });
    const posts = receiver.at('/slack');
    expect(posts).toHaveLength(2);
    const body = JSON.parse(posts[1]?.rawBody.toString() ?? '{}');
    expect(Object.keys(body)).toEqual(['text', 'blocks']);
    expect(body.text).toContain(`/dashboard/cases/${stage.cases.engine}`);
    expect(posts[0]?.headers['x-service-signature']).toBeUndefined();
  });

  it('mail a plain readable text once, retried after the mail service refused it and recorded', async () => {
    const mail = engineFiring?.deliveries.find((delivery) => delivery.channel === 'email');
    expect(mail, JSON.stringify(mail)).toMatchObject({
      target: ENGINE_MAIL,
      status: 'delivered',
      attempts: 2,
      last_status: 202,
    });
    const sent = mails.filter((message) => message.to === ENGINE_MAIL);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(
      /^Alert: Enginewatch Co: OpenAI's mention rate of Enginewatch Co fell from/,
    );
    expect(sent[0]?.text).toContain('Cause: the answer engine changed');
    expect(sent[0]?.text).toContain(`/dashboard/cases/${stage.cases.engine}`);
  });
});

describe('once per rule and run', () => {
  it('holds when the Aggregate step runs again: the same event, the same deliveries, nothing sent twice', async () => {
    const before = await firings('engine', 'engineDrop');
    const posts = receiver.at('/slack').length;
    const owner = (
      (
        await callJson(stage.stack.baseUrl, `/api/v1/cases/${stage.cases.engine}`, {
          key: stage.owner,
        })
      ).body.case as { user_id?: string }
    ).user_id;
    const input = { run_id: runs.engine2, case_id: stage.cases.engine, owner_id: owner };
    await invokeLocal('functions/steps/monitor-run/aggregate-run.ts', input, {
      functionName: 'AggregateRun',
    });
    await eventsDrained(stage.stack);
    const after = await firings('engine', 'engineDrop');
    expect(after).toHaveLength(1);
    expect(after[0]?.deliveries.map((d) => d.id).sort()).toEqual(
      before[0]?.deliveries.map((d) => d.id).sort(),
    );
    expect(receiver.at('/slack')).toHaveLength(posts);
    expect(
      getOutbox()
        .messages()
        .filter((message) => message.to === ENGINE_MAIL),
    ).toEqual([]);
    const ids = receiver.at('/alerts').map((request) => request.headers['x-service-event-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds when the dispatcher stopped between the claim and the deliveries: the next try delivers, once', async () => {
    expect(fault.met).toBe(true);
    const [fired, ...more] = await firings('steady', 'steadyAny');
    expect(more).toEqual([]);
    expect(fired?.deliveries).toHaveLength(1);
    expect(fired?.deliveries[0]).toMatchObject({
      channel: 'email',
      target: STEADY_MAIL,
      status: 'delivered',
    });
    expect(mails.filter((message) => message.to === STEADY_MAIL)).toHaveLength(1);
  });
});

describe('who may read and change rules', () => {
  const path = () => `/api/v1/cases/${stage.cases.engine}/alerts`;

  it('lets another account see none of it: every route answers 404 as for an unknown case', async () => {
    const { baseUrl } = stage.stack;
    const rule = rules.engineDrop ?? '';
    const calls = [
      callJson(baseUrl, path(), { key: stage.other }),
      callJson(baseUrl, path(), {
        method: 'POST',
        key: stage.other,
        body: { metric: 'total_score', condition: 'drop', channels: { webhook: true } },
      }),
      callJson(baseUrl, `${path()}/${rule}`, { method: 'DELETE', key: stage.other }),
      callJson(baseUrl, `${path()}/${rule}/deliveries`, { key: stage.other }),
      callJson(baseUrl, `${path()}/preview`, {
        method: 'POST',
        key: stage.other,
        body: { metric: 'total_score', condition: 'drop' },
      }),
      callJson(baseUrl, `/api/v1/cases/${stage.cases.engine}/digest`, { key: stage.other }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(answer.body.error?.code).toBe('not_found');
    }
  });

  it('lets a read-only key list (the Slack URL shortened) and refuses it every change with 403', async () => {
    const { baseUrl } = stage.stack;
    const listed = await callJson(baseUrl, path(), { key: stage.reader });
    expect(listed.status).toBe(200);
    const slack = (
      listed.body.alerts as { id: string; channels: { slack_url: string | null } }[]
    ).find((alert) => alert.id === rules.engineDrop)?.channels.slack_url;
    expect(slack).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/slack\/?…$/);
    const owner = await callJson(baseUrl, path(), { key: stage.owner });
    expect(JSON.stringify(owner.body)).toContain(receiver.url('/slack'));
    const refused = await Promise.all([
      callJson(baseUrl, path(), {
        method: 'POST',
        key: stage.reader,
        body: { metric: 'total_score', condition: 'drop', channels: { webhook: true } },
      }),
      callJson(baseUrl, `${path()}/${rules.engineRise}`, { method: 'DELETE', key: stage.reader }),
      callJson(baseUrl, `/api/v1/cases/${stage.cases.engine}/digest`, {
        method: 'PUT',
        key: stage.reader,
        body: { enabled: false },
      }),
    ]);
    expect(refused.map((answer) => [answer.status, answer.body.error?.code])).toEqual(
      refused.map(() => [403, 'insufficient_scope']),
    );
  });

  it('deletes a rule with its audit events, and a second delete is 404', async () => {
    const { baseUrl } = stage.stack;
    const id = await makeRule(baseUrl, stage.owner, stage.cases.engine, {
      metric: 'total_score',
      condition: 'rise',
      channels: { webhook: true },
    });
    const deleted = await callJson(baseUrl, `${path()}/${id}`, {
      method: 'DELETE',
      key: stage.owner,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(id);
    const again = await callJson(baseUrl, `${path()}/${id}`, {
      method: 'DELETE',
      key: stage.owner,
    });
    expect(again.status).toBe(404);
    const manager = await stage.stack.createKey(['account:manage'], {
      email: 'owner-alerts@example.com',
    });
    const log = await callJson(baseUrl, '/api/v1/account/audit-log?limit=100', { key: manager });
    const actions = (log.body.events as { action: string; target: { id: string } }[])
      .filter((event) => event.target.id === id)
      .map((event) => event.action);
    expect(actions.sort()).toEqual(['alert.created', 'alert.deleted']);
  });
});

describe('bad rules', () => {
  const refusals: [string, unknown, number, string][] = [
    ['no fields', {}, 400, 'invalid_request'],
    [
      'an unknown metric',
      { metric: 'visits', condition: 'drop', channels: { webhook: true } },
      400,
      'invalid_request',
    ],
    [
      'a condition the metric does not fire on',
      { metric: 'model_changed', condition: 'drop', channels: { webhook: true } },
      400,
      'invalid_request',
    ],
    [
      'below without a threshold',
      { metric: 'total_score', condition: 'below', channels: { webhook: true } },
      400,
      'invalid_request',
    ],
    [
      'a rate threshold off its scale',
      { metric: 'mention_rate', condition: 'above', threshold: 40, channels: { webhook: true } },
      400,
      'invalid_request',
    ],
    [
      'a family on the score',
      { metric: 'total_score', family: 'openai', condition: 'drop', channels: { webhook: true } },
      400,
      'invalid_request',
    ],
    [
      'no channel',
      { metric: 'total_score', condition: 'drop', channels: {} },
      400,
      'invalid_request',
    ],
    [
      'an address that is not one',
      { metric: 'total_score', condition: 'drop', channels: { email: 'nope' } },
      400,
      'invalid_request',
    ],
    [
      'a Slack URL over http',
      {
        metric: 'total_score',
        condition: 'drop',
        channels: { slack_url: 'http://hooks.example.com/x' },
      },
      400,
      'invalid_url',
    ],
    [
      'a Slack URL with credentials',
      {
        metric: 'total_score',
        condition: 'drop',
        channels: { slack_url: 'https://user:pw@127.0.0.1/x' },
      },
      400,
      'invalid_url',
    ],
    [
      'an unknown field',
      { metric: 'total_score', condition: 'drop', channels: { webhook: true }, window: 3 },
      400,
      'invalid_request',
    ],
  ];

  it('are refused in the error envelope with their field, and nothing is written', async () => {
    const { baseUrl } = stage.stack;
    const path = `/api/v1/cases/${stage.cases.competitors}/alerts`;
    const before = ((await callJson(baseUrl, path, { key: stage.owner })).body.alerts as unknown[])
      .length;
    for (const [what, body, status, code] of refusals) {
      const answer = await callJson(baseUrl, path, { method: 'POST', key: stage.owner, body });
      expect([answer.status, answer.body.error?.code], what).toEqual([status, code]);
      expect(answer.body.meta, what).toBeDefined();
    }
    const json = await callJson(baseUrl, path, {
      method: 'POST',
      key: stage.owner,
      rawBody: '{"metric":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(
      (await callJson(baseUrl, '/api/v1/cases/not-a-case/alerts', { key: stage.owner })).status,
    ).toBe(404);
    const after = ((await callJson(baseUrl, path, { key: stage.owner })).body.alerts as unknown[])
      .length;
    expect(after).toBe(before);
  });

  it('name the refused field of a rule in details.issues, and the Slack rule in details.rule', async () => {
    const { baseUrl } = stage.stack;
    const path = `/api/v1/cases/${stage.cases.competitors}/alerts`;
    const threshold = await callJson(baseUrl, path, {
      method: 'POST',
      key: stage.owner,
      body: { metric: 'total_score', condition: 'above', channels: { webhook: true } },
    });
    expect(threshold.body.error).toMatchObject({
      details: { issues: [{ path: ['threshold'] }] },
    });
    const slack = await callJson(baseUrl, path, {
      method: 'POST',
      key: stage.owner,
      body: {
        metric: 'total_score',
        condition: 'drop',
        channels: { slack_url: 'http://x.example/y' },
      },
    });
    expect(slack.body.error).toMatchObject({
      code: 'invalid_url',
      details: { rule: 'https_only' },
    });
  });
});

describe('the digest', () => {
  it('is off until switched on with an address, and refuses switching on without one', async () => {
    const { baseUrl } = stage.stack;
    const path = `/api/v1/cases/${stage.cases.site}/digest`;
    const read = await callJson(baseUrl, path, { key: stage.reader });
    expect(read.body.digest).toEqual({ enabled: false, email: [], updated_at: null });
    const empty = await callJson(baseUrl, path, {
      method: 'PUT',
      key: stage.owner,
      body: { enabled: true },
    });
    expect([empty.status, empty.body.error?.code]).toEqual([400, 'invalid_request']);
    const on = await callJson(baseUrl, path, {
      method: 'PUT',
      key: stage.owner,
      body: { enabled: true, email: 'Digest@Example.com' },
    });
    expect(on.status).toBe(200);
    expectDocumented(stage.openapi, on, '/api/v1/cases/{id}/digest', 'put');
    expect(on.body.digest).toMatchObject({ enabled: true, email: ['digest@example.com'] });
  });
});
