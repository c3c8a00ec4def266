import { describe, expect, it } from 'vitest';
import { caseAlertEvent } from '#shared/domain/alerts/dispatch';
import { alertMail, digestMail, slackBody } from '#shared/domain/alerts/messages';
import type { StoredAlert, StoredFiring } from '#shared/domain/alerts/ports';
import { CaseAlertDataSchema } from '#shared/domain/alerts/schemas';
import { alertView, shortenedUrl } from '#shared/domain/alerts/views';
import { EVENT_PAYLOAD_SCHEMAS, eventBody } from '#shared/domain/webhooks/payloads';
import { change, runOf, summaryOf } from './runs.ts';

/** What the channels send, from a stored firing: the same words everywhere, safe in each medium. */
const links = {
  caseUrl: (id: string) => `https://ars.example/dashboard/cases/${id}`,
  runUrl: (id: string, run: string) => `https://ars.example/dashboard/cases/${id}/runs/${run}`,
};
const CASE = '11111111-1111-4111-8111-111111111111';
const rule: StoredAlert = {
  id: '22222222-2222-4222-8222-222222222222',
  account_id: 'acct',
  case_id: CASE,
  metric: 'share_of_answer',
  family: null,
  brand: null,
  condition: 'drop',
  threshold: null,
  significant_only: true,
  channels: {
    webhook: true,
    email: ['team@example.com'],
    slack_url: 'https://hooks.slack.com/services/T1/B2/secret',
  },
  created_at: '2026-11-01T00:00:00.000Z',
  last_fired_at: null,
};
const firing: StoredFiring = {
  metric: 'share_of_answer',
  family: null,
  brand: 'Acme <b>&</b> Co',
  before: 0.4,
  after: 0.2,
  change: -0.2,
  interval: [-0.3, -0.1],
  cause: 'competitors',
  evidence: {
    text: 'Rivals rose.',
    models: [],
    canaries: [],
    scans: [],
    checks: [],
    prompts: null,
  },
  text: 'Acme <b>&</b> Co: the share of answer fell.\nBcc: x',
  alert_id: rule.id,
  case_id: CASE,
  account_id: 'acct',
  run_id: 'run-1',
  run_label: '2026-12',
  fired_at: '2026-12-01T00:00:00.000Z',
  event_id: '33333333-3333-4333-8333-333333333333',
  rule,
  delivery_ids: [],
};

describe('the Slack body', () => {
  it('is {text, blocks}: a readable line and a link to the case, markup escaped', () => {
    const body = JSON.parse(slackBody(firing, 'Acme <b>&</b> Co', links));
    expect(Object.keys(body)).toEqual(['text', 'blocks']);
    expect(body.text).toContain(links.caseUrl(CASE));
    const section = body.blocks[0].text.text as string;
    expect(section).toContain('Acme &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(section).not.toContain('<b>');
    expect(body.blocks[1].elements[0].text).toContain(`<${links.caseUrl(CASE)}|Open the case>`);
  });
});

describe('the alert mail', () => {
  it('is plain text with the figures, the cause, the rule and the link; its subject one line', () => {
    const mail = alertMail(firing, links);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.startsWith('Alert: ')).toBe(true);
    expect(mail.text).toContain('Before: 40.0 %');
    expect(mail.text).toContain('Now: 20.0 %');
    expect(mail.text).toContain('Cause: the competitors moved.');
    expect(mail.text).toContain('Evidence: Rivals rose.');
    expect(mail.text).toContain('Rule: share_of_answer drop, significant changes only');
    expect(mail.text).toContain(`Open the case: ${links.caseUrl(CASE)}`);
  });
});

describe('the digest', () => {
  it('states the headline figures, each significant change and the link to the run', () => {
    const summary = summaryOf({ openai: { answers: 10, brand: 4, ownCited: 2 } });
    const moved = change({
      metric: 'total_score',
      before: 30,
      after: 50,
      interval: [10, 30],
      cause: 'own_site',
    });
    const run = runOf(summary, { changes: [moved], previous: 'run-0' });
    const mail = digestMail(
      { caseId: CASE, caseName: 'Acme', runId: 'run-9', runLabel: '2026-12', summary: run.summary },
      links,
    );
    expect(mail.subject).toBe(`Acme: run 2026-12 done, score ${summary.total_score}`);
    expect(mail.text).toContain(`Score: ${summary.total_score} of 100`);
    expect(mail.text).toContain('- Acme: The score of Acme rose from 30 to 50');
    expect(mail.text).toContain('Cause: the brand’s own site changed.');
    expect(mail.text).toContain(`Open the run: ${links.runUrl(CASE, 'run-9')}`);
  });
});

describe('the case.alert event', () => {
  it('names the rule, the case and the run and carries the figures together; never the channels', () => {
    const event = caseAlertEvent(firing, 'Acme', links);
    expect(event).toMatchObject({ id: firing.event_id, type: 'case.alert', account_id: 'acct' });
    const body = JSON.parse(eventBody(event));
    expect(EVENT_PAYLOAD_SCHEMAS['case.alert'].safeParse(body).success).toBe(true);
    expect(CaseAlertDataSchema.parse(body.data)).toMatchObject({
      alert: { id: rule.id, metric: 'share_of_answer', condition: 'drop' },
      case_id: CASE,
      run_id: 'run-1',
      before: 0.4,
      after: 0.2,
      change: -0.2,
      interval: [-0.3, -0.1],
      cause: 'competitors',
    });
    expect(JSON.stringify(body)).not.toContain('hooks.slack.com');
    expect(JSON.stringify(body)).not.toContain('team@example.com');
  });
});

describe('a rule as read', () => {
  it('shows its Slack URL whole to those who may change it, shortened to everyone else', () => {
    expect(alertView(rule, true).channels.slack_url).toBe(rule.channels.slack_url);
    expect(alertView(rule, false).channels.slack_url).toBe('https://hooks.slack.com/services/…');
    expect(shortenedUrl('https://example.com')).toBe('https://example.com/…');
  });
});
