/**
 * Sitemaps and what hangs off them: the sitemap named in robots.txt (else the default paths),
 * one child of a sitemap index, up to three sampled URLs, the inner page the render check
 * reads, and the page sample the crawler verdict is judged on.
 */
import {
  type Fetched,
  type InnerPageArtifact,
  isOk,
  isResponse,
  type PageSample,
  type SitemapArtifact,
} from '#shared/domain/scan-engine/artifacts';
import { looksLikeHtml, type PageFacts } from '#shared/domain/scan-engine/html';
import { pickPageSample, pickSpread } from '#shared/domain/scan-engine/page-sample';
import { parseSitemap } from '#shared/domain/scan-engine/parse/sitemap-xml';
import { isAllowed } from '#shared/domain/scan-engine/robots';
import type { RobotsPolicy } from '#shared/domain/scan-engine/robots-policy';
import { absoluteUrl, isSameSite } from '#shared/domain/scan-engine/site';
import { ACCEPT, BYTE_CAPS, PRIORITY, SCANNER_PRODUCT_TOKEN } from './plan.ts';
import type { SiteFetcher } from './site-fetcher.ts';

export interface SitemapInput {
  robots: Fetched;
  policy: RobotsPolicy;
  homepage: Fetched;
  facts: PageFacts | undefined;
}

export interface SitemapResult {
  sitemaps: SitemapArtifact[];
  samples: Fetched[];
  innerPage: InnerPageArtifact | undefined;
  pageSample: PageSample;
}

const SITEMAP_SAMPLES = 3;

export async function collectSitemaps(
  site: SiteFetcher,
  input: SitemapInput,
): Promise<SitemapResult> {
  const { sitemaps, chosen } = await findSitemap(site, input);
  const entries = chosen === undefined ? [] : await sitemapEntries(site, chosen);
  const homepageUrl = `${site.origin}/`;
  const candidates = entries
    .map((loc) => absoluteUrl(loc, site.origin))
    .filter((url): url is string => url !== undefined && isSameSite(url, site.origin))
    .filter((url) => url !== homepageUrl);
  const pageSample = pickPageSample({
    origin: site.origin,
    sitemapUrls: candidates,
    anchors: input.facts?.anchors ?? [],
  });
  const sampleUrls = pickSpread(candidates, SITEMAP_SAMPLES).filter((url) =>
    mayFetch(input.policy, url),
  );
  const source = chosen?.child ?? chosen?.fetched;
  const samples = await Promise.all(
    sampleUrls.map((url) =>
      site.page(url, {
        accept: ACCEPT.html,
        maxBytes: BYTE_CAPS.html,
        priority: PRIORITY.followUp,
        after: [input.robots, ...(source ? [source] : [])],
      }),
    ),
  );
  const innerPage = await chooseInnerPage(site, {
    input,
    candidates,
    sampleUrls,
    samples,
    pageSample,
  });
  return { sitemaps, samples, innerPage, pageSample };
}

/** The first usable sitemap: named by robots.txt, else /sitemap.xml, else /sitemap_index.xml. */
async function findSitemap(
  site: SiteFetcher,
  input: SitemapInput,
): Promise<{ sitemaps: SitemapArtifact[]; chosen: SitemapArtifact | undefined }> {
  const sitemaps: SitemapArtifact[] = [];
  const defaultUrl = `${site.origin}/sitemap.xml`;
  const named = namedSitemaps(site.origin, input);
  const fetchXml = (url: string, after: Fetched) =>
    url === defaultUrl
      ? site.fanOut.sitemapXml
      : site.document(url, {
          accept: ACCEPT.xml,
          maxBytes: BYTE_CAPS.sitemap,
          priority: PRIORITY.hasFollowUps,
          after: [after],
        });
  for (const url of named) {
    const artifact: SitemapArtifact = {
      url,
      source: 'robots',
      fetched: await fetchXml(url, input.robots),
    };
    sitemaps.push(artifact);
    if (looksLikeSitemap(artifact.fetched)) {
      return { sitemaps, chosen: artifact };
    }
  }
  let previous = input.robots;
  for (const url of [defaultUrl, `${site.origin}/sitemap_index.xml`]) {
    if (named.includes(url)) {
      continue;
    }
    const artifact: SitemapArtifact = {
      url,
      source: 'default',
      fetched: await fetchXml(url, previous),
    };
    sitemaps.push(artifact);
    if (looksLikeSitemap(artifact.fetched)) {
      return { sitemaps, chosen: artifact };
    }
    previous = artifact.fetched;
  }
  return { sitemaps, chosen: undefined };
}

function namedSitemaps(origin: string, input: SitemapInput): string[] {
  if (input.policy.kind !== 'file' || input.policy.rules === undefined) {
    return [];
  }
  return input.policy.rules.sitemaps
    .map((href) => absoluteUrl(href, origin))
    .filter((url): url is string => url !== undefined && isSameSite(url, origin))
    .slice(0, 3);
}

/** Entry URLs of the chosen sitemap; for an index, of its first same-site child. */
async function sitemapEntries(site: SiteFetcher, chosen: SitemapArtifact): Promise<string[]> {
  if (!isResponse(chosen.fetched)) {
    return [];
  }
  const parsed = parseSitemap(chosen.fetched.text);
  if (parsed.kind !== 'sitemapindex') {
    return parsed.entries.map((entry) => entry.loc);
  }
  const childUrl = parsed.entries
    .map((entry) => absoluteUrl(entry.loc, site.origin))
    .find((url): url is string => url !== undefined && isSameSite(url, site.origin));
  if (childUrl === undefined) {
    return [];
  }
  chosen.child = await site.document(childUrl, {
    accept: ACCEPT.xml,
    maxBytes: BYTE_CAPS.sitemap,
    priority: PRIORITY.hasFollowUps,
    after: [chosen.fetched],
  });
  return isOk(chosen.child)
    ? parseSitemap(chosen.child.text).entries.map((entry) => entry.loc)
    : [];
}

interface InnerPageInput {
  input: SitemapInput;
  candidates: readonly string[];
  sampleUrls: readonly string[];
  samples: readonly Fetched[];
  pageSample: PageSample;
}

async function chooseInnerPage(
  site: SiteFetcher,
  { input, candidates, sampleUrls, samples, pageSample }: InnerPageInput,
): Promise<InnerPageArtifact | undefined> {
  const firstSample = sampleUrls[0];
  if (firstSample !== undefined) {
    return { url: firstSample, source: 'sitemap', fetched: samples[0] };
  }
  const firstCandidate = candidates[0];
  if (firstCandidate !== undefined) {
    // Sitemap URLs exist, but robots.txt disallows our token for the ones we picked.
    return { url: firstCandidate, source: 'sitemap' };
  }
  const navUrl = pageSample.source === 'links' ? pageSample.urls[0] : undefined;
  if (navUrl === undefined) {
    return undefined;
  }
  if (!mayFetch(input.policy, navUrl)) {
    return { url: navUrl, source: 'nav' };
  }
  const fetched = await site.page(navUrl, {
    accept: ACCEPT.html,
    maxBytes: BYTE_CAPS.html,
    priority: PRIORITY.followUp,
    after: [input.homepage, input.robots],
  });
  return { url: navUrl, source: 'nav', fetched };
}

/** Robots permission for our scanner to sample a page (RFC 9309 rules for our token). */
function mayFetch(policy: RobotsPolicy, url: string): boolean {
  if (policy.rules === undefined) {
    return true; // our robots fetch failed; a single user-triggered sample is still polite
  }
  const parsed = new URL(url);
  return isAllowed(policy.rules, SCANNER_PRODUCT_TOKEN, `${parsed.pathname}${parsed.search}`)
    .allowed;
}

function looksLikeSitemap(fetched: Fetched): boolean {
  if (!isOk(fetched) || looksLikeHtml(fetched.text)) {
    return false;
  }
  return parseSitemap(fetched.text).kind !== 'other';
}
