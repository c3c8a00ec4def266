/**
 * What the Slack and mail channels send (docs/alerts.md "What a channel receives"): a Slack
 * incoming-webhook body `{text, blocks}` (a readable line and a link to the case) and plain-text
 * mails, for a firing and for a case's digest after a run. Written from the stored firing and
 * summary alone, so every retry sends the same bytes.
 */
import type { RunSummary } from '#shared/domain/monitor/engine/summary-schema';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import type { StoredFiring } from './ports.ts';
import { alertText, causeText, changeValue, familyName, figureValue } from './texts.ts';

/** Where a channel's links point (the dashboard's pages of the service's public address). */
export interface AlertLinks {
  caseUrl(caseId: string): string;
  runUrl(caseId: string, runId: string): string;
}

/** A mail as the channel stores it in the delivery's body. */
export interface MailBody {
  subject: string;
  text: string;
}

/** Slack's mrkdwn reads `&`, `<` and `>` as markup: a name must not become a link or mention. */
function slackEscape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** One line for a subject: no line breaks or control characters, at most 150 characters. */
function subjectLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > 150 ? `${flat.slice(0, 149)}…` : flat;
}

export function slackBody(firing: StoredFiring, caseName: string, links: AlertLinks): string {
  const url = links.caseUrl(firing.case_id);
  const body = {
    text: `${firing.text} Open the case: ${url}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: slackEscape(firing.text) } },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `${slackEscape(caseName)} · run ${slackEscape(firing.run_label)} · <${url}|Open the case>`,
          },
        ],
      },
    ],
  };
  return JSON.stringify(body);
}

function figuresLines(firing: StoredFiring): string[] {
  const { before, after, change, interval, metric } = firing;
  if (typeof after !== 'number') {
    const list = (value: typeof before) => (Array.isArray(value) ? value.join(', ') : '–');
    return [`Before: ${list(before)}`, `Now: ${list(after)}`];
  }
  const lines = [
    `Before: ${typeof before === 'number' ? figureValue(metric, before) : '–'}`,
    `Now: ${figureValue(metric, after)}`,
  ];
  if (change !== null) lines.push(`Change: ${changeValue(metric, change)}`);
  if (interval) {
    lines.push(
      `95 % interval of the change: ${changeValue(metric, interval[0] ?? 0)} to ${changeValue(metric, interval[1] ?? 0)}`,
    );
  }
  return lines;
}

export function alertMail(firing: StoredFiring, links: AlertLinks): MailBody {
  const rule = firing.rule;
  const narrowed = [rule.family && familyName(rule.family), rule.brand].filter(Boolean).join(', ');
  const ruleLine = `${rule.metric} ${rule.condition}${rule.threshold === null ? '' : ` ${rule.threshold}`}${narrowed ? ` (${narrowed})` : ''}${rule.significant_only ? ', significant changes only' : ''}`;
  const text = [
    firing.text,
    '',
    ...figuresLines(firing),
    causeText(firing.cause),
    ...(firing.evidence ? [`Evidence: ${firing.evidence.text}`] : []),
    ...(firing.domains && firing.domains.length > 1
      ? [`Domains: ${firing.domains.join(', ')}`]
      : []),
    '',
    `Rule: ${ruleLine}`,
    `Run: ${firing.run_label}`,
    `Open the case: ${links.caseUrl(firing.case_id)}`,
    '',
    'You get this mail because an alert rule of this case names your address. Remove the address from the rule on the case’s Alerts tab to stop these mails.',
  ].join('\n');
  // The subject is the line up to its figures' details: what moved, from what to what.
  const headline = firing.text.split(' (')[0]?.replace(/\.$/, '') ?? firing.text;
  return { subject: subjectLine(`Alert: ${headline}`), text };
}

/** The headline figures of a run, as the digest and the report page both state them. */
export function headlineLines(summary: RunSummary): string[] {
  const intervals = summary.intervals.dimensions;
  const range = (low: number, high: number) =>
    `${(low * 100).toFixed(0)}–${(high * 100).toFixed(0)} %`;
  const self = summary.share_of_answer.find((entry) => entry.is_self);
  const delta =
    summary.delta.previous_run_id === null
      ? 'first run'
      : `${changeValue('total_score', summary.delta.total_score)} since the run before`;
  const families = PROVIDER_FAMILIES.filter((family) => summary.per_model[family] !== undefined)
    .map((family) => `${familyName(family)} ${summary.per_model[family]}`)
    .join(', ');
  return [
    `Score: ${summary.total_score} of 100 (${delta})`,
    `Per model: ${families || '–'}`,
    `Visibility: ${figureValue('mention_rate', summary.dimensions.visibility)} (95 % interval ${range(intervals.visibility.lower, intervals.visibility.upper)})`,
    `Share of answer: ${self ? figureValue('share_of_answer', self.share) : '–'}`,
    `Own citation rate: ${figureValue('own_citation_rate', summary.own_citation_rate)}`,
  ];
}

/** The digest after a run: headline figures, the significant changes, a link to the run. */
export function digestMail(
  input: { caseId: string; caseName: string; runId: string; runLabel: string; summary: RunSummary },
  links: AlertLinks,
): MailBody {
  const changes = (input.summary.changes ?? []).map(
    (change) =>
      `- ${alertText({ ...change, family: change.family ?? null, brand: change.brand ?? null }, input.caseName)}`,
  );
  const text = [
    `${input.caseName}: run ${input.runLabel} is done.`,
    '',
    ...headlineLines(input.summary),
    '',
    'Significant changes:',
    ...(changes.length > 0
      ? changes
      : [
          '- None: every figure stayed within its noise band (or there is no comparable run before).',
        ]),
    '',
    `Open the run: ${links.runUrl(input.caseId, input.runId)}`,
    '',
    'You get this digest because the case’s digest names your address. Switch it off on the case’s Alerts tab.',
  ].join('\n');
  return {
    subject: subjectLine(
      `${input.caseName}: run ${input.runLabel} done, score ${input.summary.total_score}`,
    ),
    text,
  };
}
