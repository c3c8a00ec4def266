/**
 * Which sites a run scans for its readiness gaps (docs/monitor.md "Readiness of the cited pages"):
 * the origins most cited in online answers where a competitor is cited or named and the brand's
 * site is not cited, and the brand's own site. Pure: it reads stored answers only.
 */
import { isSameSite } from '#shared/domain/kernel/net/registrable-domain';
import type { Citation } from '#shared/domain/monitor/provider-port';
import { detectMentions } from './mentions.ts';
import type { AnswerRecord, CaseProfile } from './types.ts';

export interface CitedOrigin {
  /** `scheme://host[:port]` to scan. */
  origin: string;
  /** Host without `www.`, with the port when one is given: one entry per site. */
  site: string;
  /** Qualifying answers citing it (each answer counts once). */
  answers: number;
  citations: number;
}

export interface ScanPlan {
  /** The brand's site: an origin on exactly its domain seen in the answers' sources, else the domain. */
  brand: string;
  sites: CitedOrigin[];
}

/** The origin and site key of a source; a provider redirect (Gemini) falls back to its domain. */
export function originOf(citation: Citation): { origin: string; site: string } | undefined {
  let url: URL;
  try {
    url = new URL(citation.url);
  } catch {
    return citation.domain ? viaDomain(citation.domain) : undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^www\./, '');
  if (citation.domain && !isSameSite(host, citation.domain)) return viaDomain(citation.domain);
  return { origin: url.origin, site: url.port ? `${host}:${url.port}` : host };
}

function viaDomain(domain: string): { origin: string; site: string } {
  const site = domain.toLowerCase().replace(/^www\./, '');
  return { origin: `https://${site}`, site };
}

/** Online, cites something, not the brand's site, and a competitor's site is cited or named. */
export function qualifies(profile: CaseProfile, answer: AnswerRecord): boolean {
  if (answer.mode !== 'online') return false;
  const cited = answer.citations.filter((c) => c.cited);
  if (cited.length === 0) return false;
  const citesSite = (domain: string | null) =>
    domain !== null && cited.some((c) => isSameSite(c.domain || c.url, domain));
  if (citesSite(profile.domain)) return false;
  return profile.competitors.some(
    (competitor) =>
      citesSite(competitor.domain) || detectMentions(answer.text, competitor).detected,
  );
}

export function planReadinessScans(
  profile: CaseProfile,
  answers: readonly AnswerRecord[],
  limit: number,
): ScanPlan {
  const totals = new Map<string, CitedOrigin>();
  for (const answer of answers) {
    if (!qualifies(profile, answer)) continue;
    const seen = new Set<string>();
    for (const citation of answer.citations) {
      if (!citation.cited) continue;
      const found = originOf(citation);
      if (!found || isSameSite(found.site, profile.domain)) continue;
      const entry = totals.get(found.site) ?? { ...found, answers: 0, citations: 0 };
      entry.citations += 1;
      if (!seen.has(found.site)) entry.answers += 1;
      seen.add(found.site);
      totals.set(found.site, entry);
    }
  }
  const sites = [...totals.values()]
    .sort((a, b) => b.answers - a.answers || b.citations - a.citations || cmp(a.site, b.site))
    .slice(0, limit);
  return { brand: brandTarget(profile, answers), sites };
}

/**
 * The brand's site as the answers link it (scheme and port included), most frequent first; the
 * case's domain itself when no source is on exactly that host.
 */
function brandTarget(profile: CaseProfile, answers: readonly AnswerRecord[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    for (const citation of answer.citations) {
      const found = originOf(citation);
      if (!found || found.site.split(':')[0] !== profile.domain) continue;
      counts.set(found.origin, (counts.get(found.origin) ?? 0) + 1);
    }
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0];
  return best ? best[0] : profile.domain;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
