/**
 * What the fix pack generates its files from (issue 38, point 4; docs/scan-engine.md "Fix
 * pack"): what the scan saw of the site, kept small and stored with the scan. The site's name
 * and description, its pages (homepage first, then the sitemap's, with the titles and
 * descriptions of the pages the scan fetched), the identity its JSON-LD or page metadata names,
 * its robots.txt, and where its sitemap, markdown, API catalog and agent cards are.
 */
import {
  type Fetched,
  homepagePage,
  isMarkdownResponse,
  isOk,
  type ScanArtifacts,
} from './artifacts.ts';
import { homepageFacts, jsonLdOf, pageFacts } from './context.ts';
import type { FixInputs, FixPage } from './fix-input-types.ts';
import type { PageFacts } from './html.ts';
import { hasType, stringProp } from './parse/json-ld.ts';
import { sameAsUrls } from './parse/same-as.ts';
import { parseSitemap } from './parse/sitemap-xml.ts';
import { absoluteUrl, isSameSite } from './site.ts';

export type { FixInputs, FixPage } from './fix-input-types.ts';

/** Pages kept at most (an llms.txt lists key pages, not all of them). */
export const MAX_FIX_PAGES = 40;
const MAX_TEXT = 200;
const MAX_ROBOTS = 32 * 1024;

const clip = (text: string | undefined): string | undefined => {
  const clean = text?.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, MAX_TEXT) : undefined;
};

function describe(url: string, facts: PageFacts | undefined): FixPage {
  const title = clip(facts?.title || facts?.meta.get('og:title'));
  const description = clip(facts?.meta.get('description') || facts?.meta.get('og:description'));
  return { url, ...(title ? { title } : {}), ...(description ? { description } : {}) };
}

/** Pages the scan fetched, by URL, with what their HTML says. */
function fetchedPages(artifacts: ScanArtifacts): Map<string, FixPage> {
  const fetched: Array<Fetched | undefined> = [
    ...artifacts.sitemapSamples,
    artifacts.innerPage?.fetched,
    ...artifacts.llmsLinks,
  ];
  const pages = new Map<string, FixPage>();
  for (const page of fetched) {
    if (!isOk(page)) continue;
    const facts = pageFacts(page);
    if (facts !== undefined) pages.set(page.url, describe(page.url, facts));
  }
  return pages;
}

function sitemapLocs(artifacts: ScanArtifacts): string[] {
  for (const sitemap of artifacts.sitemaps) {
    for (const document of [sitemap.fetched, sitemap.child]) {
      if (!isOk(document)) continue;
      const parsed = parseSitemap(document.text);
      if (parsed.kind === 'urlset') return parsed.entries.map((entry) => entry.loc);
    }
  }
  return [];
}

function pagesOf(artifacts: ScanArtifacts, homepage: FixPage): FixPage[] {
  const known = fetchedPages(artifacts);
  const urls = [
    ...sitemapLocs(artifacts),
    ...(homepageFacts(artifacts)?.anchors ?? []).map((anchor) => anchor.href),
  ];
  const pages = [homepage];
  const seen = new Set([homepage.url]);
  for (const href of urls) {
    const url = absoluteUrl(href, artifacts.origin);
    if (url === undefined || seen.has(url) || !isSameSite(url, artifacts.origin)) continue;
    if (!/^https?:/.test(url) || new URL(url).hash) continue;
    seen.add(url);
    pages.push(known.get(url) ?? { url });
    if (pages.length >= MAX_FIX_PAGES) break;
  }
  return pages;
}

function organizationOf(artifacts: ScanArtifacts, siteName: string) {
  const facts = homepageFacts(artifacts);
  const node = jsonLdOf(facts).nodes.find((candidate) =>
    hasType(candidate, ['Organization', 'Corporation', 'LocalBusiness', 'OnlineStore', 'NGO']),
  );
  const icon = facts?.linkElements.find((link) => link.rel.includes('icon'))?.href;
  const logo =
    (node && (stringProp(node, 'logo') ?? stringProp(node, 'image'))) ??
    facts?.meta.get('og:image') ??
    icon;
  const logoUrl = logo === undefined ? undefined : absoluteUrl(logo, artifacts.origin);
  return {
    name: (node && stringProp(node, 'name')) || siteName,
    url: (node && stringProp(node, 'url')) || `${artifacts.origin}/`,
    ...(logoUrl ? { logo: logoUrl } : {}),
    same_as: sameAsUrls(facts).slice(0, 10),
  };
}

function siteNameOf(artifacts: ScanArtifacts): string {
  const facts = homepageFacts(artifacts);
  const named = jsonLdOf(facts)
    .nodes.map((node) =>
      hasType(node, ['WebSite', 'Organization']) ? stringProp(node, 'name') : undefined,
    )
    .find(Boolean);
  const title = facts?.title.split(/\s[|–—-]\s/)[0];
  return (
    clip(facts?.meta.get('og:site_name') || named || title) ?? new URL(artifacts.origin).hostname
  );
}

function urlIfOk(fetched: Fetched | undefined): string | undefined {
  return isOk(fetched) ? fetched.finalUrl : undefined;
}

/** What the fix pack needs, from the scan's artifacts. */
export function fixInputsOf(artifacts: ScanArtifacts): FixInputs {
  const siteName = siteNameOf(artifacts);
  const page = homepagePage(artifacts);
  const homepage = describe(page?.finalUrl ?? `${artifacts.origin}/`, homepageFacts(artifacts));
  const sitemap = artifacts.sitemaps.find((candidate) => isOk(candidate.fetched));
  const robots = artifacts.robots;
  const negotiated = artifacts.homepageMarkdown;
  const markdown = isMarkdownResponse(negotiated) ? negotiated.url : undefined;
  const probes = artifacts.probes;
  const optional = {
    description: homepage.description,
    robots: isOk(robots) ? robots.text.slice(0, MAX_ROBOTS) : undefined,
    sitemap_url: sitemap?.url,
    markdown_url: markdown ?? urlIfOk(artifacts.markdownMirror),
    api_catalog_url: urlIfOk(probes['/.well-known/api-catalog']),
    openapi_url:
      Object.keys(artifacts.serviceDescriptions)[0] ?? urlIfOk(probes['/.well-known/openapi.json']),
    mcp_card_url:
      urlIfOk(probes['/.well-known/mcp/server-card.json']) ??
      Object.values(artifacts.catalogCards).map(urlIfOk).find(Boolean),
    a2a_card_url: urlIfOk(probes['/.well-known/agent-card.json']),
  };
  return {
    origin: artifacts.origin,
    site_name: siteName,
    pages: pagesOf(artifacts, homepage),
    organization: organizationOf(artifacts, siteName),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}
