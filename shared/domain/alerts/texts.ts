/**
 * An alert in words (docs/alerts.md "What a channel receives"): one line a person reads in Slack,
 * in a mail subject's neighbourhood or on the dashboard, written from the figures alone, so every
 * channel says the same thing. Rates and shares read as percentages, their changes in points.
 */
import type { ChangeCause } from '#shared/domain/monitor/engine/change-schema';
import type { AlertFigures } from './schemas.ts';

const FAMILY_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google',
};

/** What each cause means, as the end of a sentence. */
export const CAUSE_TEXTS: Record<ChangeCause, string> = {
  engine:
    'the answer engine changed (another model, or its control questions answered differently)',
  competitors: 'the competitors moved',
  own_site: 'the brand’s own site changed',
  unexplained: 'no cause the monitor can see',
};

export function familyName(family: string): string {
  return FAMILY_NAMES[family] ?? family;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const signed = (value: number, digits: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`;

/** A figure's value as read: a percentage for rates, points for the score. */
export function figureValue(metric: AlertFigures['metric'], value: number): string {
  return metric === 'total_score' ? String(Math.round(value * 10) / 10) : percent(value);
}

/** A change: points of a percentage for rates, score points for the score. */
export function changeValue(metric: AlertFigures['metric'], change: number): string {
  return metric === 'total_score' ? signed(change, 1) : `${signed(change * 100, 1)} points`;
}

function intervalText(figures: AlertFigures): string {
  if (!figures.interval) return '';
  const [low = 0, high = 0] = figures.interval;
  const scale = figures.metric === 'total_score' ? 1 : 100;
  return `; 95 % interval ${signed(low * scale, 1)} to ${signed(high * scale, 1)}`;
}

export function causeText(cause: ChangeCause | null): string {
  return cause
    ? `Cause: ${CAUSE_TEXTS[cause]}.`
    : 'Within the noise band of the measurement: no cause is claimed.';
}

function subject(figures: AlertFigures, caseName: string): string {
  const family = figures.family ? `${familyName(figures.family)}'s ` : '';
  switch (figures.metric) {
    case 'mention_rate':
      return `${family}mention rate of ${caseName}`;
    case 'share_of_answer':
      return `the share of answer of ${figures.brand ?? caseName}`;
    case 'own_citation_rate':
      return `the citation rate of ${caseName}'s own site`;
    default:
      return `the score of ${caseName}`;
  }
}

function figureLine(figures: AlertFigures, caseName: string): string {
  const { before, after, change } = figures;
  const what = subject(figures, caseName);
  if (typeof after !== 'number') return `${what}: no figure`;
  const now = figureValue(figures.metric, after);
  if (typeof before !== 'number' || change === null) {
    return `${what[0]?.toUpperCase()}${what.slice(1)} is ${now}`;
  }
  const verb = change < 0 ? 'fell' : change > 0 ? 'rose' : 'stayed';
  return `${what[0]?.toUpperCase()}${what.slice(1)} ${verb} from ${figureValue(figures.metric, before)} to ${now} (${changeValue(figures.metric, change)}${intervalText(figures)})`;
}

function eventLine(figures: AlertFigures, caseName: string): string {
  const list = (value: AlertFigures['before']) =>
    Array.isArray(value) ? value.join(', ') : String(value ?? 'none');
  if (figures.metric === 'model_changed') {
    return `${familyName(figures.family ?? '')} now serves ${list(figures.after)} (was ${list(figures.before)})`;
  }
  if (figures.metric === 'new_competitor') {
    const share = typeof figures.after === 'number' ? percent(figures.after) : '';
    const before = typeof figures.before === 'number' ? percent(figures.before) : '0 %';
    return `A new competitor: ${figures.brand} is recommended in ${share} of the judged answers (was ${before})`;
  }
  const domains = figures.domains ?? [];
  const others = domains.length > 1 ? ` and ${domains.length - 1} more` : '';
  const family = figures.family ? ` in ${familyName(figures.family)}'s answers` : '';
  return `${domains[0] ?? 'A domain'}${others} no longer cite${domains.length > 1 ? '' : 's'} ${figures.brand ?? caseName}${family}`;
}

/** The alert in one line: the case, what moved from what to what, and why. */
export function alertText(figures: Omit<AlertFigures, 'text'>, caseName: string): string {
  const full = { ...figures, text: '' };
  const line =
    figures.metric === 'model_changed' ||
    figures.metric === 'new_competitor' ||
    figures.metric === 'citations_lost'
      ? eventLine(full, caseName)
      : figureLine(full, caseName);
  return `${caseName}: ${line}. ${causeText(figures.cause)}`;
}
