/**
 * What the evaluation of an alert rule reads and produces (evaluate.ts, event-metrics.ts): the
 * rule, a finished run's facts, a candidate firing, and the condition test every metric shares.
 */
import type { ChangeEvidence } from '#shared/domain/monitor/engine/loop-schema';
import type { RunSummary } from '#shared/domain/monitor/engine/summary-schema';
import type { AnswerFacets } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { AlertCondition, AlertMetric } from './rules.ts';
import type { AlertFigures } from './schemas.ts';

/**
 * How much wider than its 95 % interval a change must clear 0 to fire an alert when nothing
 * explains it (docs/decisions.md "Alerts that do not cry wolf"): 3.29 / 1.96, the 99.9 % interval.
 * The summary lists every change beyond its 95 % interval, so in a world where nothing changed
 * about one figure in twenty moves by chance on every run; a rule watching a case month after
 * month would then fire on noise. A change with a cause (another model, the competitors, the
 * brand's site) has evidence of its own and fires at 95 %; one without must clear this bar.
 */
export const ALERT_BAR = 3.2905 / 1.96;

/** The change clears 0 with its interval widened by ALERT_BAR about the change itself. */
export function clearsAlertBar(change: number, interval: readonly number[]): boolean {
  const [lower = 0, upper = 0] = interval;
  if (change > 0) return change - ALERT_BAR * (change - lower) > 0;
  if (change < 0) return change + ALERT_BAR * (upper - change) < 0;
  return false;
}

/** Names compare case-blind and without surrounding spaces. */
export const fold = (name: string) => name.trim().toLowerCase();

/** A rule as the evaluation reads it. */
export interface EvaluatedRule {
  metric: AlertMetric;
  condition: AlertCondition;
  family: ProviderFamily | null;
  brand: string | null;
  threshold: number | null;
  significant_only: boolean;
}

/** A finished run as the evaluation reads it. */
export interface RunFacts {
  run_id: string;
  label: string;
  finished_at: string;
  summary: RunSummary;
  /** The run's answers' facets (its answer index): read only for `citations_lost`. */
  answers?: readonly AnswerFacets[] | undefined;
}

/** A figure that may fire the rule, before the condition is applied. */
export type Candidate = Omit<AlertFigures, 'metric' | 'text'>;

/** drop/rise/change by at least `threshold`; below/above when the figure crosses it. */
export function meetsCondition(
  rule: Pick<EvaluatedRule, 'condition' | 'threshold'>,
  candidate: Pick<Candidate, 'before' | 'after' | 'change'>,
): boolean {
  const { change } = candidate;
  const after = typeof candidate.after === 'number' ? candidate.after : null;
  const before = typeof candidate.before === 'number' ? candidate.before : null;
  const threshold = rule.threshold;
  const atLeast = (size: number) => threshold === null || size >= threshold;
  switch (rule.condition) {
    case 'drop':
      return change !== null && change < 0 && atLeast(-change);
    case 'rise':
      return change !== null && change > 0 && atLeast(change);
    case 'change':
      return change !== null && change !== 0 && atLeast(Math.abs(change));
    case 'below':
      return (
        threshold !== null &&
        after !== null &&
        after < threshold &&
        !(before !== null && before < threshold)
      );
    case 'above':
      return (
        threshold !== null &&
        after !== null &&
        after > threshold &&
        !(before !== null && before > threshold)
      );
  }
}

/** Evidence for the figures that are not `summary.changes` items: the reason in words. */
export function plainEvidence(text: string, models: ChangeEvidence['models'] = []): ChangeEvidence {
  return { text, models, canaries: [], scans: [], checks: [], prompts: null };
}
