/**
 * The one classifier of cited sources (docs/monitor.md "Source categories"): every source of an
 * answer gets exactly one category, decided by the first rule that matches, in this order:
 * the brand's own site, a tracked competitor's site, then the domain lists and host/path
 * patterns below, else `other`. Pure and deterministic, so a stored run classifies the same
 * way every time it is read.
 */
import { registrableDomain } from '#shared/domain/kernel/net/registrable-domain';
import type { CaseProfile } from './types.ts';

export const SOURCE_CATEGORIES = [
  'own',
  'competitor',
  'reference',
  'review_comparison',
  'forum_community',
  'news_media',
  'other',
] as const;
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

/** Encyclopaedias, standards bodies and official documentation hubs. */
const REFERENCE_DOMAINS = new Set([
  'wikipedia.org',
  'wikidata.org',
  'wikimedia.org',
  'britannica.com',
  'w3.org',
  'ietf.org',
  'iso.org',
  'mozilla.org',
  'europa.eu',
]);

/** Review platforms and software-comparison directories. */
const REVIEW_DOMAINS = new Set([
  'g2.com',
  'capterra.com',
  'getapp.com',
  'softwareadvice.com',
  'trustradius.com',
  'trustpilot.com',
  'gartner.com',
  'producthunt.com',
  'alternativeto.net',
  'sourceforge.net',
  'saasworthy.com',
  'slashdot.org',
]);

/** Forums, Q&A sites and community platforms. */
const FORUM_DOMAINS = new Set([
  'reddit.com',
  'quora.com',
  'stackoverflow.com',
  'stackexchange.com',
  'ycombinator.com',
  'discord.com',
  'github.com',
  'dev.to',
  'lemmy.world',
]);

/** News outlets, magazines and publishing platforms. */
const NEWS_DOMAINS = new Set([
  'nytimes.com',
  'bbc.co.uk',
  'bbc.com',
  'reuters.com',
  'bloomberg.com',
  'forbes.com',
  'techcrunch.com',
  'theverge.com',
  'wired.com',
  'cnbc.com',
  'ft.com',
  'wsj.com',
  'theguardian.com',
  'businessinsider.com',
  'zdnet.com',
  'venturebeat.com',
  'medium.com',
  'substack.com',
  'spiegel.de',
  'heise.de',
]);

const REVIEW_PATH = /(^|[/_-])(vs|versus|compare|comparison|alternatives?|reviews?|best)([/_.-]|$)/;
const FORUM_HOST = /^(forum|forums|community|discuss|discussions|answers)\./;
const NEWS_HOST = /^(news|press|magazine)\./;
const REFERENCE_HOST = /(^|\.)(gov|edu)(\.[a-z]{2})?$/;

export interface ClassifiableSource {
  url: string;
  domain: string;
}

/** The category of one source for a case; `domain` is the host the provider named. */
export function categoriseSource(
  source: ClassifiableSource,
  profile: Pick<CaseProfile, 'domain' | 'competitors'>,
): SourceCategory {
  const site = registrableDomain(source.domain);
  if (site !== '' && site === registrableDomain(profile.domain)) return 'own';
  if (profile.competitors.some((c) => c.domain && registrableDomain(c.domain) === site)) {
    return 'competitor';
  }
  const host = source.domain.toLowerCase();
  if (REFERENCE_DOMAINS.has(site) || REFERENCE_HOST.test(host)) return 'reference';
  if (REVIEW_DOMAINS.has(site)) return 'review_comparison';
  if (FORUM_DOMAINS.has(site) || FORUM_HOST.test(host)) return 'forum_community';
  if (NEWS_DOMAINS.has(site) || NEWS_HOST.test(host)) return 'news_media';
  if (REVIEW_PATH.test(pathOf(source.url))) return 'review_comparison';
  return 'other';
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname.toLowerCase();
  } catch {
    return '';
  }
}
