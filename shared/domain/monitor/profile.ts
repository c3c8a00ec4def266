/**
 * From the stored case to what measurement needs, and the small normalisations the case
 * routes apply to what callers send (domains, competitor entries, the search text of `q`).
 */
import type { CaseProfile, CompetitorProfile } from './engine/index.ts';

const HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/**
 * A brand or competitor domain as stored: the host of a URL or a bare name, lower-case,
 * punycode, without `www.`, a port or a trailing dot; null when it is not a domain name. With
 * `local` (ALLOW_PRIVATE_TARGETS=1, the local stack, where scans accept them too) a loopback or
 * private address, a single-label name such as `localhost` and a port are kept: `127.0.0.1:4100`.
 */
export function normaliseCaseDomain(
  input: string,
  options: { local?: boolean } = {},
): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
  if (options.local) {
    if (host === '' || !/^[a-z0-9.[\]:-]+$/.test(host)) return null;
    return url.port ? `${host}:${url.port}` : host;
  }
  return HOST_PATTERN.test(host) && !/^[\d.]+$/.test(host) ? host : null;
}

/** Competitor entries as sent (a name, or `{name, domain, aliases}`) as stored. */
export function competitorProfiles(
  entries: readonly (string | { name: string; domain?: string | null; aliases?: string[] })[],
  options: { local?: boolean } = {},
): CompetitorProfile[] {
  return entries.map((entry) =>
    typeof entry === 'string'
      ? { name: entry.trim(), domain: null, aliases: [] }
      : {
          name: entry.name.trim(),
          domain: entry.domain ? normaliseCaseDomain(entry.domain, options) : null,
          aliases: uniqueTexts(entry.aliases ?? []),
        },
  );
}

export function uniqueTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values.map((v) => v.trim()).filter(Boolean)) {
    const key = foldForSearch(value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * Problems a single field cannot show: a competitor named like the brand, or two competitors
 * sharing a name (share of answer would count one company twice).
 */
export function nameConflicts(name: string, competitors: readonly CompetitorProfile[]): string[] {
  const problems: string[] = [];
  const seen = new Set([foldForSearch(name)]);
  for (const competitor of competitors) {
    const key = foldForSearch(competitor.name);
    if (key === foldForSearch(name)) {
      problems.push(`competitor "${competitor.name}" has the brand's own name`);
    } else if (seen.has(key)) {
      problems.push(`competitor "${competitor.name}" is listed twice`);
    }
    seen.add(key);
  }
  return problems;
}

/** The `q` matching rule: NFKC, lower-cased; a case matches when name or domain contains q. */
export function foldForSearch(value: string): string {
  return value.normalize('NFKC').toLowerCase().trim();
}

/** Stored on the case so the store can filter on it: name and domain, folded, one per line. */
export function searchTextOf(name: string, domain: string): string {
  return `${foldForSearch(name)}\n${foldForSearch(domain)}`;
}

/**
 * A copy of the profile part of a case (a stored case is a profile and more): what measurement
 * reads, nothing it could change in the case.
 */
export function toCaseProfile(stored: CaseProfile): CaseProfile {
  return {
    id: stored.id,
    name: stored.name,
    domain: stored.domain,
    aliases: [...stored.aliases],
    category: stored.category,
    icp: stored.icp,
    competitors: stored.competitors.map((c) => ({ ...c, aliases: [...c.aliases] })),
    use_cases: [...stored.use_cases],
    region: stored.region,
    languages: [...stored.languages],
    fact_sheet: { ...stored.fact_sheet },
    ...(stored.translations ? { translations: structuredClone(stored.translations) } : {}),
    ...(stored.prompt_edits ? { prompt_edits: structuredClone(stored.prompt_edits) } : {}),
  };
}
