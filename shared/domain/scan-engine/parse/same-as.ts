/**
 * sameAs links of a page's identity nodes, and which of them the entity check samples.
 */

import { isHostWithin } from '#shared/domain/kernel/net/registrable-domain';
import type { PageFacts } from '#shared/domain/scan-engine/html';
import { stringList, summariseJsonLd } from './json-ld.ts';

/** Platforms that do not answer anonymous clients; their sameAs cannot be checked from outside. */
export const WALLED_PLATFORMS = [
  'linkedin.com',
  'x.com',
  'twitter.com',
  'instagram.com',
  'facebook.com',
] as const;

/** sameAs URLs of the page's identity nodes (Organization, Person, LocalBusiness, ...). */
export function sameAsUrls(facts: PageFacts | undefined): string[] {
  if (facts === undefined) {
    return [];
  }
  const nodes = summariseJsonLd(facts.jsonLdBlocks).nodes;
  const urls = nodes.flatMap((node) => stringList(node, 'sameAs'));
  return [...new Set(urls.filter((url) => /^https?:\/\//i.test(url)))];
}

/** Up to four targets, one per platform, Wikidata/Wikipedia first (they decide identity). */
export function pickSameAsSample(urls: readonly string[]): string[] {
  const byPlatform = new Map<string, string>();
  const ranked = [...urls].sort((a, b) => platformRank(a) - platformRank(b));
  for (const url of ranked) {
    const platform = platformOf(url);
    if (platform !== undefined && !byPlatform.has(platform)) {
      byPlatform.set(platform, url);
    }
  }
  return [...byPlatform.values()].slice(0, 4);
}

export function wikidataIds(urls: readonly string[]): string[] {
  const ids = urls
    .filter((url) => hostMatches(url, 'wikidata.org'))
    .map((url) => /\/(?:wiki|entity)\/(Q\d+)/.exec(url)?.[1])
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

export function platformOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.replace(/^(www|m|[a-z]{2})\./, '');
  } catch {
    return undefined;
  }
}

export function isWalledPlatform(url: string): boolean {
  return WALLED_PLATFORMS.some((platform) => hostMatches(url, platform));
}

function platformRank(url: string): number {
  if (hostMatches(url, 'wikidata.org')) {
    return 0;
  }
  if (hostMatches(url, 'wikipedia.org')) {
    return 1;
  }
  return isWalledPlatform(url) ? 3 : 2;
}

/** The URL's host is `domain` or one of its subdomains. */
export function hostMatches(url: string, domain: string): boolean {
  try {
    return isHostWithin(new URL(url).hostname.toLowerCase(), domain);
  } catch {
    return false;
  }
}
