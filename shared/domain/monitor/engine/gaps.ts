/**
 * Gap statements (docs/monitor.md, "Method", Gaps), generated from counts in the run and nothing
 * else: every number in a statement is computed here. Each candidate has an impact, the size
 * of the gap times the square root of its support; candidates below MIN_SUPPORT observations
 * or inside the noise band are not stated. The strongest MAX_GAPS are returned.
 */
import { isSameSite } from '#shared/domain/kernel/net/registrable-domain';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { answerRate, brandOf, sentimentOf, unbranded, visibilityOf } from './aggregate.ts';
import { factStatement, isPlausibleClaim } from './fact-kinds.ts';
import type { RateInterval } from './statistics.ts';
import type { AnswerMeasurement, CaseProfile, PromptBlock } from './types.ts';

export const MAX_GAPS = 5;
export const MIN_SUPPORT = 3;
const MIN_DIFFERENCE = 0.2;

interface Gap {
  text: string;
  impact: number;
}

const FAMILY_NAMES: Record<ProviderFamily, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google Gemini',
};

const BLOCK_LABELS: Partial<Record<PromptBlock, { label: string; weight: number }>> = {
  A: { label: 'unbranded discovery', weight: 1 },
  C: { label: 'comparison', weight: 0.9 },
  D: { label: 'use-case', weight: 0.8 },
};

export function findGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]) {
  const gaps = [
    ...competitorGaps(profile, measurements),
    ...modelGaps(profile, measurements),
    ...recallGaps(profile, measurements),
    ...accuracyGaps(profile, measurements),
    ...sourceGaps(profile, measurements),
    ...citationGaps(profile, measurements),
    ...sentimentGaps(profile, measurements),
  ];
  return gaps
    .filter((gap) => gap.impact > 0)
    .sort((a, b) => b.impact - a.impact || a.text.localeCompare(b.text))
    .slice(0, MAX_GAPS)
    .map((gap) => gap.text);
}

function competitorGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const gaps: Gap[] = [];
  for (const [block, meta] of Object.entries(BLOCK_LABELS)) {
    const answers = unbranded(measurements).filter((m) => m.block === block);
    if (!meta || answers.length < MIN_SUPPORT) continue;
    let best: (Gap & { difference: number }) | undefined;
    for (const competitor of profile.competitors) {
      const scope = answers.filter((m) => !entityOf(m, competitor.name)?.in_prompt);
      const count = scope.filter((m) => entityOf(m, competitor.name)?.counted).length;
      if (scope.length < MIN_SUPPORT || count < MIN_SUPPORT) continue;
      // One denominator for both names: the answers whose prompt does not name the competitor.
      const brandCount = scope.filter((m) => brandOf(m)?.counted).length;
      const difference = (count - brandCount) / scope.length;
      if (difference < MIN_DIFFERENCE || (best && best.difference >= difference)) continue;
      best = {
        difference,
        impact: difference * Math.sqrt(answers.length) * meta.weight,
        text: `Of ${scope.length} ${meta.label} answers (block ${block}), ${competitor.name} was named in ${count}, ${profile.name} in ${brandCount}.`,
      };
    }
    if (best) gaps.push(best);
  }
  return gaps;
}

function modelGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const rates = PROVIDER_FAMILIES.map((family) => ({
    family,
    rate: visibilityOf(measurements.filter((m) => m.family === family)),
  })).filter((r) => r.rate.n >= MIN_SUPPORT);
  if (rates.length < 2) return [];
  const sorted = [...rates].sort((a, b) => a.rate.value - b.rate.value);
  const worst = sorted[0];
  const best = sorted.at(-1);
  if (!worst || !best || !clearlyApart(worst.rate, best.rate)) return [];
  return [
    {
      impact: (best.rate.value - worst.rate.value) * Math.sqrt(Math.min(worst.rate.n, best.rate.n)),
      text: `${profile.name} is named in ${percent(worst.rate)} of unbranded ${FAMILY_NAMES[worst.family]} answers (${counts(worst.rate)}) but in ${percent(best.rate)} on ${FAMILY_NAMES[best.family]} (${counts(best.rate)}).`,
    },
  ];
}

function recallGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const scope = unbranded(measurements);
  const raw = answerRate(
    scope.filter((m) => m.mode === 'raw'),
    (m) => Boolean(brandOf(m)?.counted),
  );
  const online = answerRate(
    scope.filter((m) => m.mode === 'online'),
    (m) => Boolean(brandOf(m)?.counted),
  );
  if (raw.n < MIN_SUPPORT || online.n < MIN_SUPPORT) return [];
  const [low, high] = raw.value <= online.value ? [raw, online] : [online, raw];
  if (!clearlyApart(low, high)) return [];
  const impact = (high.value - low.value) * Math.sqrt(Math.min(raw.n, online.n));
  const numbers = `${percent(raw)} of unbranded answers without web search (${counts(raw)}) vs ${percent(online)} with search (${counts(online)})`;
  return [
    {
      impact,
      text:
        high === online
          ? `${profile.name} is named in ${numbers}: weak presence in model memory, visibility relies on live retrieval.`
          : `${profile.name} is named in ${numbers}: the pages search surfaces rarely mention it.`,
    },
  ];
}

/**
 * Facts the answers get wrong. A claim that cannot be about the key (a year read as the
 * headquarters, another key's value: fact-kinds.ts) is the judge misplacing a value; it counts
 * neither as right nor as wrong here.
 */
function accuracyGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const gaps: Gap[] = [];
  for (const [key, value] of Object.entries(profile.fact_sheet)) {
    const claims = measurements.flatMap((m) =>
      m.facts.filter(
        (f) =>
          f.key === key &&
          f.status !== 'unknown' &&
          isPlausibleClaim(key, f.claimed_value, profile.fact_sheet),
      ),
    );
    const wrong = claims.filter((f) => f.status === 'incorrect' || f.status === 'outdated');
    if (wrong.length === 0 || wrong.length / claims.length < 0.25) continue;
    const quote = wrong.find((f) => f.evidence_quote)?.evidence_quote;
    const example = quote ? ` For example: "${truncate(quote, 120)}"` : '';
    gaps.push({
      impact: (wrong.length / claims.length) * Math.sqrt(claims.length),
      text: `${wrong.length} of ${claims.length} answers that state ${factStatement(key, profile.name)} get it wrong (fact sheet: "${truncate(value, 80)}").${example}`,
    });
  }
  return gaps;
}

/** Third-party domains cited in answers naming competitors but never in answers naming the brand. */
function sourceGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const withSources = measurements.filter((m) => Object.keys(m.cited_domains).length > 0);
  const namingRivals = withSources.filter((m) => m.entities.some((e) => !e.is_self && e.counted));
  const namingBrand = withSources.filter((m) => brandOf(m)?.counted);
  const ownSites = [profile.domain, ...profile.competitors.map((c) => c.domain)].filter(
    (d): d is string => Boolean(d),
  );
  const domains = new Set(namingRivals.flatMap((m) => Object.keys(m.cited_domains)));
  const gaps: Gap[] = [];
  for (const domain of domains) {
    if (ownSites.some((site) => isSameSite(site, domain))) continue;
    const rivalAnswers = namingRivals.filter((m) => domain in m.cited_domains).length;
    if (rivalAnswers < MIN_SUPPORT || namingBrand.some((m) => domain in m.cited_domains)) continue;
    gaps.push({
      impact: (rivalAnswers / namingRivals.length) * Math.sqrt(namingRivals.length),
      text: `${domain} was cited in ${rivalAnswers} answers naming competitors and in none naming ${profile.name}.`,
    });
  }
  return gaps.sort((a, b) => b.impact - a.impact).slice(0, 2);
}

function citationGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const withSources = measurements.filter((m) => Object.keys(m.cited_domains).length > 0);
  if (withSources.length < 5) return [];
  const citing = (domain: string) =>
    withSources.filter((m) => Object.keys(m.cited_domains).some((d) => isSameSite(d, domain)))
      .length;
  const own = citing(profile.domain);
  const rivals = profile.competitors
    .filter((c): c is typeof c & { domain: string } => Boolean(c.domain))
    .map((c) => ({ name: c.name, count: citing(c.domain) }))
    .sort((a, b) => b.count - a.count);
  const top = rivals[0];
  if (!top || (top.count - own) / withSources.length < 0.15) return [];
  return [
    {
      impact: ((top.count - own) / withSources.length) * Math.sqrt(withSources.length),
      text: `The site of ${profile.name} is cited in ${own} of ${withSources.length} answers with sources, the site of ${top.name} in ${top.count}.`,
    },
  ];
}

function sentimentGaps(profile: CaseProfile, measurements: readonly AnswerMeasurement[]): Gap[] {
  const sentiment = sentimentOf(measurements);
  if (sentiment.n < MIN_SUPPORT || sentiment.upper >= 0.5) return [];
  return [
    {
      impact: (0.5 - sentiment.value) * 2 * Math.sqrt(sentiment.n),
      text: `Judged sentiment toward ${profile.name} leans negative: ${sentiment.value.toFixed(2)} on a 0-1 scale (0.5 neutral) over ${sentiment.n} mentions.`,
    },
  ];
}

function entityOf(m: AnswerMeasurement, name: string) {
  return m.entities.find((e) => e.name === name);
}

/** At least MIN_DIFFERENCE apart and the 95% intervals do not overlap. */
function clearlyApart(low: RateInterval, high: RateInterval): boolean {
  return high.value - low.value >= MIN_DIFFERENCE && low.upper < high.lower;
}

function percent(rate: RateInterval): string {
  return `${Math.round(rate.value * 100)}%`;
}

function counts(rate: RateInterval): string {
  return `${rate.successes} of ${rate.n}`;
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
