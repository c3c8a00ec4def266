/**
 * The three alert metrics that are events rather than figures of the summary (docs/alerts.md
 * "When a rule fires"): a family serving other models (`model_changed`), a brand the answers
 * recommend crossing a share (`new_competitor`), and a domain that cited the brand no longer
 * citing it (`citations_lost`). Each needs the preceding finished run; each reads the cause from
 * what changed between the two runs (the engine when every family involved served other models).
 */
import type { ChangeCause } from '#shared/domain/monitor/engine/change-schema';
import { newcombeDifference, round4, wilson } from '#shared/domain/monitor/engine/statistics';
import type { AnswerFacets } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import {
  type Candidate,
  clearsAlertBar,
  type EvaluatedRule,
  fold,
  meetsCondition,
  plainEvidence,
  type RunFacts,
} from './evaluation-types.ts';

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** Families whose served models differ from the preceding run's (`delta.model_changes`). */
function changedFamilies(current: RunFacts): Set<ProviderFamily> {
  return new Set((current.summary.delta.model_changes ?? []).map((change) => change.family));
}

/** `engine` when every family involved served other models this run; else `fallback`. */
function causeOf(
  families: readonly ProviderFamily[],
  current: RunFacts,
  fallback: ChangeCause,
): ChangeCause {
  const changed = changedFamilies(current);
  return families.length > 0 && families.every((family) => changed.has(family))
    ? 'engine'
    : fallback;
}

function modelsOf(current: RunFacts) {
  return (current.summary.delta.model_changes ?? []).map((change) => ({
    family: change.family,
    before: change.previous_models,
    after: change.models,
  }));
}

/** A family (the rule's, or any) served other model ids than in the preceding run. */
export function modelChanged(rule: EvaluatedRule, current: RunFacts): Candidate[] {
  const changes = (current.summary.delta.model_changes ?? []).filter(
    (change) => rule.family === null || change.family === rule.family,
  );
  const models = modelsOf(current);
  return changes.map((change) => ({
    family: change.family,
    brand: null,
    before: change.previous_models,
    after: change.models,
    change: null,
    interval: null,
    cause: 'engine',
    evidence: plainEvidence(
      `${change.family} served ${change.models.join(', ')} in this run and ${change.previous_models.join(', ')} in the one before.`,
      models,
    ),
  }));
}

/**
 * A brand the answers recommend, not tracked by the case, whose share of the judged answers
 * crosses the threshold (default 0: newly named at all) since the preceding run. With
 * `significant_only` its rise must also clear the alert bar (nothing else explains it).
 */
export function newCompetitor(
  rule: EvaluatedRule,
  current: RunFacts,
  previous: RunFacts,
): Candidate[] {
  const before = new Map(
    (previous.summary.discovered_brands ?? []).map((brand) => [fold(brand.name), brand]),
  );
  const judgedBefore = previous.summary.judge.judged_answers;
  const threshold = rule.threshold ?? 0;
  const candidates: Candidate[] = [];
  for (const brand of current.summary.discovered_brands ?? []) {
    if (rule.brand !== null && fold(brand.name) !== fold(rule.brand)) continue;
    const earlier = before.get(fold(brand.name))?.share ?? wilson(0, judgedBefore);
    const crossing = { threshold, condition: 'above' as const };
    const figures = { before: round4(earlier.value), after: round4(brand.share.value) };
    if (!meetsCondition(crossing, { ...figures, change: figures.after - figures.before })) continue;
    const difference = newcombeDifference(brand.share, earlier);
    const interval = [difference.lower, difference.upper];
    if (rule.significant_only && !clearsAlertBar(difference.difference, interval)) continue;
    candidates.push({
      family: null,
      brand: brand.name,
      ...figures,
      change: round4(difference.difference),
      interval: [round4(difference.lower), round4(difference.upper)],
      cause: causeOf(brand.families, current, 'competitors'),
      evidence: plainEvidence(
        `${brand.name} is named as an option in ${brand.answers} judged answers (${percent(brand.share.value)}, by ${brand.families.join(', ')}); ${percent(earlier.value)} in the run before.`,
        modelsOf(current),
      ),
    });
  }
  return candidates;
}

interface BrandCitations {
  /** Answers naming the brand that cite at least one source. */
  sourced: number;
  /** Domain to the answers naming the brand that cite it. */
  byDomain: Map<string, number>;
  /** Domain to the families of those answers. */
  families: Map<string, Set<ProviderFamily>>;
}

/**
 * The brand's citations as share of answer counts a naming: unbranded answers (the prompt does
 * not name the brand) whose naming of it counts. An answer to "What does Acme do?" names Acme
 * whatever the engine thinks of it, and would hide every loss.
 */
function brandCitations(
  answers: readonly AnswerFacets[],
  family: ProviderFamily | null,
  brand: string,
): BrandCitations {
  const out: BrandCitations = { sourced: 0, byDomain: new Map(), families: new Map() };
  const wanted = fold(brand);
  for (const answer of answers) {
    if (family !== null && answer.family !== family) continue;
    if (!answer.share.includes(wanted) || answer.cited.length === 0) continue;
    out.sourced += 1;
    for (const domain of new Set(answer.cited)) {
      out.byDomain.set(domain, (out.byDomain.get(domain) ?? 0) + 1);
      out.families.set(domain, (out.families.get(domain) ?? new Set()).add(answer.family));
    }
  }
  return out;
}

/**
 * Domains that cited the brand (an unbranded answer naming it cites the domain) in the preceding
 * run and cite it in no answer now. With `significant_only` the fall of the domain's rate (answers citing
 * it over the brand's answers with sources) must clear the alert bar. The largest loss is
 * reported, with every lost domain in `domains`.
 */
export function citationsLost(
  rule: EvaluatedRule,
  current: RunFacts,
  previous: RunFacts,
  selfName: string,
): Candidate[] {
  if (!current.answers || !previous.answers) return [];
  const brand = rule.brand ?? selfName;
  const now = brandCitations(current.answers, rule.family, brand);
  const then = brandCitations(previous.answers, rule.family, brand);
  const lost: Candidate[] = [];
  for (const [domain, count] of then.byDomain) {
    if ((now.byDomain.get(domain) ?? 0) > 0) continue;
    const before = wilson(count, then.sourced);
    const after = wilson(0, now.sourced);
    const difference = newcombeDifference(after, before);
    const interval = [difference.lower, difference.upper];
    if (rule.significant_only && !clearsAlertBar(difference.difference, interval)) continue;
    const families = [...(then.families.get(domain) ?? [])];
    lost.push({
      family: rule.family,
      brand,
      before: round4(before.value),
      after: 0,
      change: round4(difference.difference),
      interval: [round4(difference.lower), round4(difference.upper)],
      cause: causeOf(families, current, 'unexplained'),
      evidence: plainEvidence(
        `${domain} was cited in ${count} of ${then.sourced} answers naming ${brand} with sources in the run before, in none of ${now.sourced} now.`,
        modelsOf(current),
      ),
      domains: [domain],
    });
  }
  const all = lost.flatMap((candidate) => candidate.domains ?? []);
  // Each candidate names its own domain first, then every other domain lost.
  return lost.map((candidate) => {
    const own = candidate.domains?.[0] ?? '';
    return { ...candidate, domains: [own, ...all.filter((domain) => domain !== own)] };
  });
}
