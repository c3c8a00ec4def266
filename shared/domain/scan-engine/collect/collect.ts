/**
 * Fetches everything the nine checks read, as few round trips deep as the dependencies allow:
 *
 *   wave 1  GET / on the first start origin and, speculatively and in the same instant, the
 *           fan-out on that origin (robots.txt, sitemap.xml, llms.txt, llms-full.txt, GET /
 *           as markdown, /.well-known/* probes, two random paths for the catch-all filter)
 *   wave 2  the fan-out again only if GET / ended on another origin (the memo makes repeats
 *           free); follow-ups start as soon as what they need has arrived: sitemap named in
 *           robots, sitemap samples and the inner page (after robots allows them), llms.txt
 *           links, service-desc, authorization-server metadata, second-tier probe paths,
 *           markdown mirror, sameAs and Wikidata
 *   wave 3  a sitemap index's child and its samples
 *
 * Only the homepage decides whether there is a result at all (see homepage.ts).
 */
import type { Fetched, ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { isHtmlResponse, isOk } from '#shared/domain/scan-engine/artifacts';
import { lookupDnsAid, type TxtResolver } from '#shared/domain/scan-engine/dns-aid';
import { type PageFacts, parseHtml } from '#shared/domain/scan-engine/html';
import { robotsPolicyOf } from '#shared/domain/scan-engine/robots-policy';
import type { ScanFetcher } from '#shared/domain/scan-engine/scan-fetcher';
import { originOf } from '#shared/domain/scan-engine/site';
import { collectA2aKeySets, collectHintedCatalogs } from './agents.ts';
import { collectLlmsLinks, collectLlmsSubpaths, collectMarkdownMirror } from './documents.ts';
import { collectEntityTargets } from './entity.ts';
import { fetchHomepage } from './homepage.ts';
import { openSite, type SiteFetcher } from './site-fetcher.ts';
import { collectSitemaps } from './sitemaps.ts';
import {
  collectAuthServerMetadata,
  collectCatalogCards,
  collectSecondTierProbes,
  collectServiceDescriptions,
} from './well-known.ts';

export interface CollectOptions {
  /** Random token for the catch-all probe paths; injectable for deterministic tests. */
  probeToken?: string;
  /** DNS for the DNS-AID record; unset (offline), the lookup is not made and said so. */
  txt?: TxtResolver;
}

export async function collectArtifacts(
  target: { domain: string; startUrls: readonly string[] },
  fetcher: ScanFetcher,
  options: CollectOptions = {},
): Promise<ScanArtifacts> {
  const probeToken = options.probeToken ?? crypto.randomUUID().slice(0, 12);
  // Outside HTTP, so it runs beside the whole first wave and costs no round trip of its own.
  const dnsAid = lookupDnsAid(target.domain, options.txt);
  // GET / goes out first so it takes the first connection slot; the speculative fan-out
  // on the same origin follows in the same instant.
  const homepageRequest = fetchHomepage(target, fetcher);
  const homepageAnswer = homepageRequest.then(
    (result) => result.fetched,
    (): Fetched => ({ kind: 'skipped', url: '', message: 'no homepage' }),
  );
  const sites = new Map<string, SiteFetcher>();
  const siteFor = (origin: string): SiteFetcher => {
    let site = sites.get(origin);
    if (site === undefined) {
      site = openSite(fetcher, origin, { probeToken, homepage: homepageAnswer });
      sites.set(origin, site);
    }
    return site;
  };
  const firstStart = target.startUrls[0];
  if (firstStart !== undefined) {
    siteFor(originOf(firstStart));
  }
  const homepage = await homepageRequest;
  const [artifacts, dnsAidAnswer] = await Promise.all([
    gather(siteFor(homepage.origin), homepage.fetched, target.domain),
    dnsAid,
  ]);
  return { ...artifacts, dnsAid: dnsAidAnswer };
}

async function gather(site: SiteFetcher, homepage: Fetched, inputHost: string) {
  const facts = homepageFacts(homepage);
  const { fanOut } = site;
  const sitemaps = fanOut.robots.then((robots) =>
    collectSitemaps(site, { robots, policy: robotsPolicyOf(robots), homepage, facts }),
  );
  const [robots, markdown, llmsTxt, llmsFullTxt, firstTier, sitemapResult, followUps] =
    await Promise.all([
      fanOut.robots,
      fanOut.markdown,
      fanOut.llmsTxt,
      fanOut.llmsFullTxt,
      settleRecord(fanOut.probes),
      sitemaps,
      gatherFollowUps(site, homepage, facts),
    ]);
  return {
    origin: site.origin,
    inputHost,
    homepage,
    homepageMarkdown: markdown,
    robots,
    sitemaps: sitemapResult.sitemaps,
    sitemapSamples: sitemapResult.samples,
    innerPage: sitemapResult.innerPage,
    pageSample: sitemapResult.pageSample,
    llmsTxt,
    llmsFullTxt,
    llmsLinks: followUps.llmsLinks,
    markdownMirror: followUps.markdownMirror,
    probes: { ...firstTier, ...followUps.secondTier },
    serviceDescriptions: followUps.serviceDescriptions,
    authServerMetadata: followUps.authServerMetadata,
    catalogCards: followUps.catalogCards,
    a2aKeySets: followUps.a2aKeySets,
    hintedCatalogs: followUps.hintedCatalogs,
    llmsSubpaths: followUps.llmsSubpaths,
    sameAsTargets: followUps.entity.sameAs,
    wikidata: followUps.entity.wikidata,
  } satisfies ScanArtifacts;
}

/** Follow-ups that do not depend on robots.txt, started as soon as their input arrives. */
async function gatherFollowUps(site: SiteFetcher, homepage: Fetched, facts: PageFacts | undefined) {
  const hinted = collectHintedCatalogs(site, { robots: site.fanOut.robots, homepage, facts });
  const [
    llmsLinks,
    markdownMirror,
    serviceDescriptions,
    authServerMetadata,
    secondTier,
    entity,
    catalogCards,
    a2aKeySets,
    hintedCatalogs,
    llmsSubpaths,
  ] = await Promise.all([
    site.fanOut.llmsTxt.then((llms) => collectLlmsLinks(site, llms)),
    site.fanOut.markdown.then((markdown) =>
      collectMarkdownMirror(site, { markdown, homepage, facts }),
    ),
    collectServiceDescriptions(site, { homepage, facts }),
    collectAuthServerMetadata(site),
    collectSecondTierProbes(site),
    collectEntityTargets(site.fetcher, { homepage, facts }),
    collectCatalogCards(site, hinted),
    collectA2aKeySets(site),
    hinted,
    collectLlmsSubpaths(site, { homepage, facts }),
  ]);
  return {
    llmsLinks,
    markdownMirror,
    serviceDescriptions,
    authServerMetadata,
    secondTier,
    entity,
    catalogCards,
    a2aKeySets,
    hintedCatalogs,
    llmsSubpaths,
  };
}

/** Facts of the homepage when it delivered a page; a 404 page's links are not the site's. */
function homepageFacts(homepage: Fetched): PageFacts | undefined {
  return isOk(homepage) && isHtmlResponse(homepage) ? parseHtml(homepage.text) : undefined;
}

async function settleRecord(
  record: Record<string, Promise<Fetched>>,
): Promise<Record<string, Fetched>> {
  const entries = await Promise.all(
    Object.entries(record).map(async ([key, promise]) => [key, await promise] as const),
  );
  return Object.fromEntries(entries);
}
