/**
 * Cited domains and citation rates (docs/monitor.md, "Method", Citations). Only sources the answer
 * text points at count (not sources a search merely retrieved). Rates use the answers with at least
 * one cited source as denominator, not all answers: raw answers cannot cite anything.
 */
import { isSameSite } from '#shared/domain/kernel/net/registrable-domain';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { answerRate } from './aggregate.ts';
import { type RateInterval, wilson } from './statistics.ts';
import type { CitedDomain } from './summary-schema.ts';
import type { AnswerMeasurement, CaseProfile } from './types.ts';

export const TOP_CITED_DOMAINS = 10;

export interface CitationStats {
  top_cited_domains: CitedDomain[];
  own_citation_rate: RateInterval;
  competitor_citation_rate: Record<string, RateInterval>;
  /** Share interval per listed domain: its citations over all citations. */
  domain_shares: Record<string, RateInterval>;
  answers_with_sources: number;
}

export function citationStats(
  profile: CaseProfile,
  measurements: readonly AnswerMeasurement[],
): CitationStats {
  const withSources = measurements.filter((m) => Object.keys(m.cited_domains).length > 0);
  const families = [...new Set(measurements.map((m) => m.family))];
  const domains = domainTotals(profile, withSources, families);
  const allCitations = domains.reduce((sum, d) => sum + d.citations, 0);
  const top = domains
    .sort(
      (a, b) =>
        b.citations - a.citations || b.answers - a.answers || a.domain.localeCompare(b.domain),
    )
    .slice(0, TOP_CITED_DOMAINS)
    .map((d) => ({ ...d, share: allCitations === 0 ? 0 : d.citations / allCitations }));
  const cites = (domain: string) => (m: AnswerMeasurement) =>
    Object.keys(m.cited_domains).some((cited) => isSameSite(cited, domain));
  const competitor_citation_rate: Record<string, RateInterval> = {};
  for (const competitor of profile.competitors) {
    const { domain } = competitor;
    competitor_citation_rate[competitor.name] =
      domain === null ? wilson(0, withSources.length) : answerRate(withSources, cites(domain));
  }
  return {
    top_cited_domains: top,
    own_citation_rate: answerRate(withSources, cites(profile.domain)),
    competitor_citation_rate,
    domain_shares: Object.fromEntries(
      top.map((d) => [d.domain, wilson(d.citations, allCitations)]),
    ),
    answers_with_sources: withSources.length,
  };
}

function domainTotals(
  profile: CaseProfile,
  measurements: readonly AnswerMeasurement[],
  families: readonly ProviderFamily[],
): CitedDomain[] {
  const byDomain = new Map<string, CitedDomain>();
  for (const m of measurements) {
    for (const [domain, citations] of Object.entries(m.cited_domains)) {
      const entry = byDomain.get(domain) ?? newEntry(profile, domain, families);
      entry.citations += citations;
      entry.answers += 1;
      entry.by_model[m.family] = (entry.by_model[m.family] ?? 0) + citations;
      entry.by_block[m.block] += citations;
      byDomain.set(domain, entry);
    }
  }
  return [...byDomain.values()];
}

function newEntry(profile: CaseProfile, domain: string, families: readonly ProviderFamily[]) {
  const competitor = profile.competitors.find(
    (c) => c.domain !== null && c.domain.trim() !== '' && isSameSite(domain, c.domain),
  );
  const isSelf = isSameSite(domain, profile.domain);
  return {
    domain,
    citations: 0,
    answers: 0,
    share: 0,
    is_self: isSelf,
    competitor: isSelf ? null : (competitor?.name ?? null),
    by_model: Object.fromEntries(families.map((f) => [f, 0])),
    by_block: { A: 0, B: 0, C: 0, D: 0 },
  } satisfies CitedDomain;
}
