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

type Located = { origin: string; site: string };

/**
 * The origin and site key of a source. A provider redirect (Gemini names only the domain) takes
 * the origin other answers link that domain at, else `https://<domain>`.
 */
function originAndSiteOf(
  citation: Citation,
  known: ReadonlyMap<string, Located> = new Map(),
): Located | undefined {
  const direct = directOrigin(citation);
  if (direct) return direct;
  if (!citation.domain) return undefined;
  const host = bare(citation.domain);
  return known.get(host) ?? { origin: `https://${host}`, site: host };
}

/** The URL's own origin when the URL is on the cited domain (not a redirect). */
function directOrigin(citation: Citation): Located | undefined {
  let url: URL;
  try {
    url = new URL(citation.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = bare(url.hostname);
  if (citation.domain && !isSameSite(host, citation.domain)) return undefined;
  return { origin: url.origin, site: url.port ? `${host}:${url.port}` : host };
}

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** Host (without port) to the origin the answers link it at most often. */
function knownOrigins(answers: readonly AnswerRecord[]): Map<string, Located> {
  const counts = new Map<string, { located: Located; count: number }>();
  for (const answer of answers) {
    for (const citation of answer.citations) {
      const found = directOrigin(citation);
      if (!found) continue;
      const entry = counts.get(found.origin) ?? { located: found, count: 0 };
      entry.count += 1;
      counts.set(found.origin, entry);
    }
  }
  const best = new Map<string, { located: Located; count: number }>();
  for (const entry of counts.values()) {
    const host = entry.located.site.split(':')[0] ?? entry.located.site;
    const current = best.get(host);
    if (!current || entry.count > current.count) best.set(host, entry);
  }
  return new Map([...best].map(([host, entry]) => [host, entry.located]));
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
  const known = knownOrigins(answers);
  const totals = new Map<string, CitedOrigin>();
  for (const answer of answers) {
    if (!qualifies(profile, answer)) continue;
    const seen = new Set<string>();
    for (const citation of answer.citations) {
      if (!citation.cited) continue;
      const found = originAndSiteOf(citation, known);
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
  return { brand: brandTarget(profile, known), sites };
}

/**
 * The brand's site as the answers link it (scheme and port included), the origin seen most
 * often on exactly the case's host; the case's domain itself when no source is on that host.
 */
function brandTarget(profile: CaseProfile, known: ReadonlyMap<string, Located>): string {
  return known.get(profile.domain)?.origin ?? profile.domain;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
