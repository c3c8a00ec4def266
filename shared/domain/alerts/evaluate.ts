/**
 * Whether a rule fires on a finished run, and with what (docs/alerts.md "When a rule fires").
 * Pure: the run's summary (and, for `citations_lost`, its answers' facets) against the preceding
 * finished run's. The same function decides a firing after a run and the dashboard's preview over
 * past runs, so the preview counts exactly what would have been sent.
 *
 * - `significant_only` (the default): only a change in `summary.changes` counts, a figure that
 *   moved beyond its 95 % interval against the previous comparable run, with its cause and
 *   evidence; one the monitor cannot explain must also clear the stricter alert bar
 *   (`ALERT_BAR`), so noise does not fire such a rule.
 * - Otherwise every difference to the preceding finished run counts; the interval is still given,
 *   the cause only when the move is also a change of the summary (else null: no cause is claimed
 *   for noise).
 * - A rule fires at most once per run: of several matching figures (two families' mention rates)
 *   the largest change is the one it reports.
 */
import { totalScoreChange } from '#shared/domain/monitor/engine/changes';
import type { SummaryChange } from '#shared/domain/monitor/engine/loop-schema';
import {
  newcombeDifference,
  type RateInterval,
  round4,
} from '#shared/domain/monitor/engine/statistics';
import type { RunSummary } from '#shared/domain/monitor/engine/summary-schema';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import {
  type Candidate,
  clearsAlertBar,
  type EvaluatedRule,
  fold,
  meetsCondition,
  type RunFacts,
} from './evaluation-types.ts';
import { citationsLost, modelChanged, newCompetitor } from './event-metrics.ts';
import { type FigureMetric, isFigureMetric } from './rules.ts';
import type { AlertFigures } from './schemas.ts';
import { alertText } from './texts.ts';

/**
 * The figures the rule fires with on `current` (against `previous`, the preceding finished run),
 * or undefined when it does not fire. `caseName` is the brand's name (the default `brand`).
 */
export function evaluateRule(
  rule: EvaluatedRule,
  current: RunFacts,
  previous: RunFacts | undefined,
  caseName: string,
): AlertFigures | undefined {
  const selfName = ownName(current.summary, caseName);
  const candidates = isFigureMetric(rule.metric)
    ? figureCandidates(rule, rule.metric, current, previous, selfName).filter((candidate) =>
        meetsCondition(rule, candidate),
      )
    : eventCandidates(rule, current, previous, selfName);
  const chosen = largest(candidates);
  if (!chosen) return undefined;
  const figures = { metric: rule.metric, ...chosen };
  return { ...figures, text: alertText(figures, caseName) };
}

function eventCandidates(
  rule: EvaluatedRule,
  current: RunFacts,
  previous: RunFacts | undefined,
  selfName: string,
): Candidate[] {
  if (!previous) return [];
  if (rule.metric === 'model_changed') return modelChanged(rule, current);
  if (rule.metric === 'new_competitor') return newCompetitor(rule, current, previous);
  return citationsLost(rule, current, previous, selfName);
}

/** The brand's own name as the summary spells it (its share-of-answer entry). */
function ownName(summary: RunSummary, caseName: string): string {
  return summary.share_of_answer.find((entry) => entry.is_self)?.name ?? caseName;
}

function largest(candidates: readonly Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (!best || Math.abs(candidate.change ?? 0) > Math.abs(best.change ?? 0)) best = candidate;
  }
  return best;
}

/** Whose figure a rule watches: the families or the brand it narrows to. */
interface Scope {
  family: ProviderFamily | null;
  brand: string | null;
}

function scopesOf(
  rule: EvaluatedRule,
  metric: FigureMetric,
  summary: RunSummary,
  selfName: string,
) {
  if (metric === 'mention_rate') {
    const families = rule.family
      ? [rule.family]
      : PROVIDER_FAMILIES.filter((family) => summary.per_model[family] !== undefined);
    return families.map((family): Scope => ({ family, brand: null }));
  }
  if (metric === 'share_of_answer') {
    const wanted = fold(rule.brand ?? selfName);
    const entry = summary.share_of_answer.find((candidate) => fold(candidate.name) === wanted);
    return entry ? [{ family: null, brand: entry.name }] : [];
  }
  return [{ family: null, brand: null }];
}

function scopeMatches(change: SummaryChange, scope: Scope): boolean {
  if (scope.family !== null && change.family !== scope.family) return false;
  if (scope.brand !== null && fold(change.brand ?? '') !== fold(scope.brand)) return false;
  return true;
}

function figureCandidates(
  rule: EvaluatedRule,
  metric: FigureMetric,
  current: RunFacts,
  previous: RunFacts | undefined,
  selfName: string,
): Candidate[] {
  const scopes = scopesOf(rule, metric, current.summary, selfName);
  const changes = (current.summary.changes ?? []).filter((change) => change.metric === metric);
  return scopes.flatMap((scope): Candidate[] => {
    const moved = changes.find((change) => scopeMatches(change, scope));
    if (moved && (!rule.significant_only || alertWorthy(moved))) return [fromChange(moved)];
    if (rule.significant_only) return [];
    const measured = measuredMove(metric, scope, current.summary, previous?.summary);
    return measured ? [measured] : [];
  });
}

/** A change of the summary that is worth an alert: explained, or beyond the stricter bar. */
function alertWorthy(change: SummaryChange): boolean {
  return change.cause !== 'unexplained' || clearsAlertBar(change.change, change.interval);
}

function fromChange(change: SummaryChange): Candidate {
  return {
    family: change.family ?? null,
    brand: change.brand ?? null,
    before: change.before,
    after: change.after,
    change: change.change,
    interval: [...change.interval],
    cause: change.cause,
    evidence: change.evidence,
  };
}

/** The figure's rate interval in a summary (undefined where it was not measured). */
function rateOf(metric: FigureMetric, scope: Scope, summary: RunSummary): RateInterval | undefined {
  const intervals = summary.intervals;
  if (metric === 'mention_rate' && scope.family)
    return intervals.per_model[scope.family]?.visibility;
  if (metric === 'share_of_answer' && scope.brand) return intervals.share_of_answer[scope.brand];
  if (metric === 'own_citation_rate') return intervals.own_citation_rate;
  return undefined;
}

/**
 * A figure compared with the preceding finished run, moved beyond noise or not; without a
 * preceding run only its level (for below/above).
 */
function measuredMove(
  metric: FigureMetric,
  scope: Scope,
  current: RunSummary,
  previous: RunSummary | undefined,
): Candidate | undefined {
  const base = { ...scope, cause: null, evidence: null } as const;
  if (metric === 'total_score') {
    const move = previous ? totalScoreChange(current, previous) : undefined;
    if (!move)
      return { ...base, before: null, after: current.total_score, change: null, interval: null };
    return {
      ...base,
      before: move.before,
      after: move.after,
      change: move.change,
      interval: move.interval,
    };
  }
  const after = rateOf(metric, scope, current);
  if (!after || after.n === 0) return undefined;
  const before = previous ? rateOf(metric, scope, previous) : undefined;
  if (!before || before.n === 0) {
    return { ...base, before: null, after: round4(after.value), change: null, interval: null };
  }
  const difference = newcombeDifference(after, before);
  return {
    ...base,
    before: round4(before.value),
    after: round4(after.value),
    change: round4(difference.difference),
    interval: [round4(difference.lower), round4(difference.upper)],
  };
}
