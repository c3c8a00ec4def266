/**
 * Fetches everything the nine checks read, as few round trips deep as the dependencies allow:
 *
 *   wave 1  GET / on the first start origin, and, speculatively and at the same time, the
 *           fan-out on that origin (robots.txt, sitemap.xml, llms.txt, llms-full.txt, GET /
 *           as markdown, /.well-known/* probes, one random path for the soft-404 fingerprint)
 *   wave 2  the fan-out again only if GET / ended on another origin (memo makes repeats free);
 *           follow-ups start as soon as what they need has arrived: sitemap named in robots,
 *           sitemap samples and the inner page (after robots allows them), llms.txt links,
 *           service-desc, authorization-server metadata, second-tier probe paths, sameAs and
 *           Wikidata
 *   wave 3  a sitemap index's child and its samples
 *
 * Only the homepage is mandatory: if no start URL answers at all the scan fails.
 */
import { BadRequestError, OperationFailedError } from '#shared/errors';
import {
  contentTypeOf,
  type Fetched,
  type FetchedResponse,
  type InnerPageArtifact,
  isOk,
  isResponse,
  type OkResponse,
  type ScanArtifacts,
  type SitemapArtifact,
  type Soft404Fingerprint,
} from './artifacts.ts';
import { looksLikeHtml, type PageFacts, parseHtml } from './html.ts';
import { isObject, parseJson, stringList, summariseJsonLd } from './parse/json-ld.ts';
import { parseLlmsTxt } from './parse/llms-txt.ts';
import { parseSitemap } from './parse/sitemap-xml.ts';
import { isAllowed, type ParsedRobots, parseRobots } from './robots.ts';
import type { ScanFetcher } from './scan-fetcher.ts';
import { absoluteUrl, isSameSite } from './site.ts';

/** Our own product token, as robots.txt files would name it. */
export const SCANNER_PRODUCT_TOKEN = 'AgentReadinessScanner';

const KIB = 1024;
const MIB = 1024 * KIB;
export const BYTE_CAPS = {
  html: 3 * MIB,
  robots: 512 * KIB,
  sitemap: 2 * MIB,
  llms: 1 * MIB,
  llmsFull: 64 * KIB,
  wellKnown: 512 * KIB,
  openApi: 3 * MIB,
  markdown: 1 * MIB,
  linkSample: 256 * KIB,
  thirdParty: 64 * KIB,
  wikidata: 4 * MIB,
} as const;

const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const ACCEPT_MARKDOWN = 'text/markdown';
const ACCEPT_JSON = 'application/json';
const ACCEPT_XML = 'application/xml, text/xml;q=0.9, */*;q=0.1';
const ACCEPT_LINKSET = 'application/linkset+json, application/json;q=0.9';
const ACCEPT_TEXT = 'text/plain, text/markdown;q=0.9, */*;q=0.1';

/** Probe paths fetched on every scan (first tier). */
export const FIRST_TIER_PROBES = {
  '/.well-known/api-catalog': { accept: ACCEPT_LINKSET, cap: BYTE_CAPS.wellKnown },
  '/.well-known/openapi.json': { accept: ACCEPT_JSON, cap: BYTE_CAPS.openApi },
  '/.well-known/oauth-protected-resource': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/oauth-authorization-server': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/openid-configuration': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/mcp/server-card.json': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/mcp.json': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agent-card.json': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agent-skills/index.json': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
  '/.well-known/agents.json': { accept: ACCEPT_JSON, cap: BYTE_CAPS.wellKnown },
} as const;

/** Fallback paths, fetched only when the first-tier path for the same artifact is missing. */
export const SECOND_TIER_PROBES = {
  openApi: ['/openapi.json'],
  mcp: ['/.well-known/mcp/server-card', '/.well-known/mcp-server-card'],
  agentCard: ['/.well-known/agent.json'],
  agentsJson: ['/.well-known/ard.json'],
} as const;

/** Platforms that do not answer anonymous clients; their sameAs cannot be checked from outside. */
const WALLED_PLATFORMS = ['linkedin.com', 'x.com', 'twitter.com', 'instagram.com', 'facebook.com'];

// Priorities: requests others wait on go first when an origin's connection slots are busy.
const PRIORITY_HOMEPAGE = 0;
const PRIORITY_HAS_FOLLOW_UPS = 1;
const PRIORITY_FOLLOW_UP = 2;
const PRIORITY_LEAF = 3;

interface FanOut {
  robots: Promise<Fetched>;
  markdown: Promise<Fetched>;
  sitemapXml: Promise<Fetched>;
  llmsTxt: Promise<Fetched>;
  llmsFullTxt: Promise<Fetched>;
  soft404Probe: Promise<Fetched>;
  probes: Record<string, Promise<Fetched>>;
}

export interface CollectOptions {
  /** Random token for the soft-404 probe path; injectable for deterministic tests. */
  probeToken?: string;
}

export async function collectArtifacts(
  target: { domain: string; startUrls: readonly string[] },
  fetcher: ScanFetcher,
  options: CollectOptions = {},
): Promise<ScanArtifacts> {
  const probeToken = options.probeToken ?? crypto.randomUUID().slice(0, 12);
  const firstOrigin = target.startUrls[0];
  const fanOuts = new Map<string, FanOut>();
  const fanOutFor = (origin: string, depth: number): FanOut => {
    let existing = fanOuts.get(origin);
    if (existing === undefined) {
      existing = startFanOut(fetcher, origin, depth, probeToken);
      fanOuts.set(origin, existing);
    }
    return existing;
  };
  // GET / goes out first so it takes the first connection slot; the speculative fan-out
  // on the same origin follows in the same instant.
  const homepagePromise = fetchHomepage(target, fetcher);
  if (firstOrigin !== undefined) {
    fanOutFor(originOf(firstOrigin), 1);
  }
  const homepage = await homepagePromise;
  const origin = originOf(homepage.finalUrl);
  // Speculation paid off when GET / stayed on the first origin: the fan-out is already wave 1.
  const fanOutDepth = fanOuts.has(origin) ? 1 : 2;
  const fan = fanOutFor(origin, fanOutDepth);
  const facts = isHtmlResponse(homepage) ? parseHtml(homepage.text) : undefined;
  const followUpDepth = fanOutDepth + 1;

  const robotsPromise = fan.robots.then((robots) => ({
    fetched: robots,
    parsed: robotsForCrawling(robots),
  }));

  const sitemapsAndSamples = robotsPromise.then(({ fetched, parsed }) =>
    collectSitemaps(fetcher, origin, fan, fetched, parsed, facts, followUpDepth),
  );

  const llmsLinks = fan.llmsTxt.then((llms) =>
    collectLlmsLinks(fetcher, origin, llms, followUpDepth),
  );

  const serviceDescriptions = collectServiceDescriptions(
    fetcher,
    origin,
    fan,
    homepage,
    facts,
    followUpDepth,
  );
  const authServerMetadata = collectAuthServerMetadata(fetcher, origin, fan, followUpDepth);
  const secondTier = collectSecondTierProbes(fetcher, origin, fan, followUpDepth);
  const markdownMirror = fan.markdown.then((markdown) =>
    collectMarkdownMirror(fetcher, origin, markdown, homepage, facts, followUpDepth),
  );
  const entity = collectEntityTargets(fetcher, facts, followUpDepth);

  const [
    robots,
    markdown,
    llmsTxt,
    llmsFullTxt,
    soft404Probe,
    firstTier,
    sitemapResult,
    links,
    descriptions,
    authServers,
    secondTierProbes,
    mirror,
    entityTargets,
  ] = await Promise.all([
    fan.robots,
    fan.markdown,
    fan.llmsTxt,
    fan.llmsFullTxt,
    fan.soft404Probe,
    settleRecord(fan.probes),
    sitemapsAndSamples,
    llmsLinks,
    serviceDescriptions,
    authServerMetadata,
    secondTier,
    markdownMirror,
    entity,
  ]);

  return {
    origin,
    inputHost: target.domain,
    homepage,
    homepageMarkdown: markdown,
    robots,
    soft404: fingerprintOf(soft404Probe),
    sitemaps: sitemapResult.sitemaps,
    sitemapSamples: sitemapResult.samples,
    innerPage: sitemapResult.innerPage,
    llmsTxt,
    llmsFullTxt,
    llmsLinks: links,
    markdownMirror: mirror,
    probes: { ...firstTier, ...secondTierProbes },
    serviceDescriptions: descriptions,
    authServerMetadata: authServers,
    sameAsTargets: entityTargets.sameAs,
    wikidata: entityTargets.wikidata,
  };
}

function startFanOut(
  fetcher: ScanFetcher,
  origin: string,
  depth: number,
  probeToken: string,
): FanOut {
  const get = (path: string, accept: string, maxBytes: number, priority: number) =>
    fetcher.get(`${origin}${path}`, { accept, maxBytes, priority, depth });
  // Issue order matters as much as priority: free connection slots go to the first callers.
  const robots = get('/robots.txt', ACCEPT_TEXT, BYTE_CAPS.robots, PRIORITY_HAS_FOLLOW_UPS);
  const sitemapXml = get('/sitemap.xml', ACCEPT_XML, BYTE_CAPS.sitemap, PRIORITY_HAS_FOLLOW_UPS);
  const llmsTxt = get('/llms.txt', ACCEPT_TEXT, BYTE_CAPS.llms, PRIORITY_HAS_FOLLOW_UPS);
  const markdown = get('/', ACCEPT_MARKDOWN, BYTE_CAPS.markdown, PRIORITY_HAS_FOLLOW_UPS);
  const probes: Record<string, Promise<Fetched>> = {};
  for (const [path, probe] of Object.entries(FIRST_TIER_PROBES)) {
    const priority =
      path === '/.well-known/api-catalog' || path === '/.well-known/oauth-protected-resource'
        ? PRIORITY_HAS_FOLLOW_UPS
        : PRIORITY_LEAF;
    probes[path] = get(path, probe.accept, probe.cap, priority);
  }
  return {
    robots,
    sitemapXml,
    llmsTxt,
    markdown,
    llmsFullTxt: get('/llms-full.txt', ACCEPT_TEXT, BYTE_CAPS.llmsFull, PRIORITY_LEAF),
    soft404Probe: get(
      `/.well-known/agent-readiness-probe-${probeToken}`,
      ACCEPT_JSON,
      BYTE_CAPS.linkSample,
      PRIORITY_LEAF,
    ),
    probes,
  };
}

async function fetchHomepage(
  target: { domain: string; startUrls: readonly string[] },
  fetcher: ScanFetcher,
): Promise<FetchedResponse> {
  const failures: Array<Exclude<Fetched, FetchedResponse>> = [];
  for (const start of target.startUrls) {
    const homepage = await fetcher.get(`${originOf(start)}/`, {
      accept: ACCEPT_HTML,
      maxBytes: BYTE_CAPS.html,
      priority: PRIORITY_HOMEPAGE,
      depth: 1,
      timeoutMs: 10_000,
    });
    if (isResponse(homepage)) {
      return homepage;
    }
    failures.push(homepage);
  }
  // A name that resolves (or redirects) into a private or reserved address is a hostile target,
  // a mistake of the request rather than a failure of the site: the caller gets a 400.
  if (failures.some((failure) => failure.kind === 'blocked')) {
    throw new BadRequestError(
      'invalid_domain',
      `${target.domain} resolves to a private or reserved address; only public internet hosts can be scanned.`,
    );
  }
  throw new OperationFailedError('scan_failed', homepageFailureMessage(target.domain, failures));
}

function homepageFailureMessage(
  domain: string,
  failures: ReadonlyArray<Exclude<Fetched, FetchedResponse>>,
): string {
  const last = failures[failures.length - 1];
  if (last === undefined) {
    return `Could not scan ${domain}: no address to try.`;
  }
  const reason = (() => {
    switch (last.kind) {
      case 'timeout':
        return 'the site did not answer in time';
      case 'skipped':
        return 'the scan ran out of time';
      default: {
        const match = /: ([^:]+)$/.exec(last.message);
        return match?.[1] ?? last.message;
      }
    }
  })();
  return `Could not connect to ${domain}: ${reason}.`;
}

/**
 * The robots.txt rules a crawler must apply (RFC 9309 §2.3.1): a parsed file on 2xx, allow-all
 * on 4xx, disallow-all on 5xx (and on 429, which Google also treats as unreachable). Undefined
 * when our own fetch failed: we cannot know, and the checks say so.
 */
export function robotsForCrawling(robots: Fetched): ParsedRobots | undefined {
  if (!isResponse(robots)) {
    return undefined;
  }
  if (robots.status >= 500 || robots.status === 429) {
    return parseRobots('User-agent: *\nDisallow: /\n');
  }
  if (robots.status >= 400) {
    return parseRobots('');
  }
  if (robots.status >= 200 && robots.status < 300 && !looksLikeHtml(robots.text)) {
    return parseRobots(robots.text);
  }
  // A 2xx HTML page (SPA catch-all) or an unfollowed 3xx: no rules we can read, so allow all.
  return parseRobots('');
}

/** Robots permission for our scanner to sample an inner page. */
function mayFetch(robots: ParsedRobots | undefined, url: string): boolean {
  if (robots === undefined) {
    return true; // our robots fetch failed; a single user-triggered sample is still polite
  }
  const parsed = new URL(url);
  return isAllowed(robots, SCANNER_PRODUCT_TOKEN, `${parsed.pathname}${parsed.search}`).allowed;
}

async function collectSitemaps(
  fetcher: ScanFetcher,
  origin: string,
  fan: FanOut,
  robots: Fetched,
  robotsRules: ParsedRobots | undefined,
  facts: PageFacts | undefined,
  depth: number,
): Promise<{
  sitemaps: SitemapArtifact[];
  samples: Fetched[];
  innerPage: InnerPageArtifact | undefined;
}> {
  const sitemaps: SitemapArtifact[] = [];
  const named =
    isOk(robots) && !looksLikeHtml(robots.text)
      ? parseRobots(robots.text)
          .sitemaps.map((href) => absoluteUrl(href, origin))
          .filter((url): url is string => url !== undefined && isSameSite(url, origin))
          .slice(0, 3)
      : [];

  let chosen: SitemapArtifact | undefined;
  // Depth of the sitemap we end up reading: the speculative /sitemap.xml is one wave earlier.
  let sitemapDepth = depth;
  for (const url of named) {
    sitemapDepth = url === `${origin}/sitemap.xml` ? depth - 1 : depth;
    const fetched =
      url === `${origin}/sitemap.xml`
        ? await fan.sitemapXml
        : await fetcher.get(url, {
            accept: ACCEPT_XML,
            maxBytes: BYTE_CAPS.sitemap,
            priority: PRIORITY_FOLLOW_UP,
            depth,
          });
    const artifact: SitemapArtifact = { url, source: 'robots', fetched };
    sitemaps.push(artifact);
    if (looksLikeSitemap(fetched)) {
      chosen = artifact;
      break;
    }
  }
  if (chosen === undefined) {
    const defaults: Array<[string, () => Promise<Fetched>]> = [
      [`${origin}/sitemap.xml`, () => fan.sitemapXml],
      [
        `${origin}/sitemap_index.xml`,
        () =>
          fetcher.get(`${origin}/sitemap_index.xml`, {
            accept: ACCEPT_XML,
            maxBytes: BYTE_CAPS.sitemap,
            priority: PRIORITY_FOLLOW_UP,
            depth,
          }),
      ],
    ];
    for (const [url, load] of defaults) {
      if (named.includes(url)) {
        continue;
      }
      sitemapDepth = url === `${origin}/sitemap.xml` ? depth - 1 : depth;
      const fetched = await load();
      const artifact: SitemapArtifact = { url, source: 'default', fetched };
      sitemaps.push(artifact);
      if (looksLikeSitemap(fetched)) {
        chosen = artifact;
        break;
      }
    }
  }

  let entries: string[] = [];
  if (chosen !== undefined && isResponse(chosen.fetched)) {
    const parsed = parseSitemap(chosen.fetched.text);
    if (parsed.kind === 'sitemapindex') {
      const childUrl = parsed.entries
        .map((entry) => absoluteUrl(entry.loc, origin))
        .find((url): url is string => url !== undefined && isSameSite(url, origin));
      if (childUrl !== undefined) {
        chosen.child = await fetcher.get(childUrl, {
          accept: ACCEPT_XML,
          maxBytes: BYTE_CAPS.sitemap,
          priority: PRIORITY_FOLLOW_UP,
          depth: sitemapDepth + 1,
        });
        if (isResponse(chosen.child)) {
          entries = parseSitemap(chosen.child.text).entries.map((entry) => entry.loc);
        }
      }
    } else {
      entries = parsed.entries.map((entry) => entry.loc);
    }
  }

  const homepageUrl = `${origin}/`;
  const candidates = entries
    .map((loc) => absoluteUrl(loc, origin))
    .filter((url): url is string => url !== undefined && isSameSite(url, origin))
    .filter((url) => url !== homepageUrl);
  const sampleUrls = pickSpread(candidates, 3).filter((url) => mayFetch(robotsRules, url));
  const sampleDepth = chosen?.child !== undefined ? sitemapDepth + 2 : sitemapDepth + 1;
  const samples = await Promise.all(
    sampleUrls.map((url) =>
      fetcher.get(url, {
        accept: ACCEPT_HTML,
        maxBytes: BYTE_CAPS.html,
        priority: PRIORITY_FOLLOW_UP,
        depth: sampleDepth,
      }),
    ),
  );

  const innerPage = await chooseInnerPage(
    fetcher,
    origin,
    candidates,
    sampleUrls,
    samples,
    robotsRules,
    facts,
    depth,
  );
  return { sitemaps, samples, innerPage };
}

async function chooseInnerPage(
  fetcher: ScanFetcher,
  origin: string,
  sitemapCandidates: readonly string[],
  sampleUrls: readonly string[],
  samples: readonly Fetched[],
  robotsRules: ParsedRobots | undefined,
  facts: PageFacts | undefined,
  depth: number,
): Promise<InnerPageArtifact | undefined> {
  const firstSample = sampleUrls[0];
  if (firstSample !== undefined) {
    return { url: firstSample, source: 'sitemap', fetched: samples[0] };
  }
  const firstCandidate = sitemapCandidates[0];
  if (firstCandidate !== undefined) {
    // Sitemap URLs exist, but robots.txt disallows our token for the ones we picked.
    return { url: firstCandidate, source: 'sitemap' };
  }
  const homepageUrl = `${origin}/`;
  const navUrl = [...(facts?.anchors ?? [])]
    .sort((a, b) => Number(b.inNav) - Number(a.inNav))
    .map((anchor) => absoluteUrl(anchor.href, homepageUrl))
    .find(
      (url): url is string =>
        url !== undefined &&
        url !== homepageUrl &&
        originOf(url) === origin &&
        !/\.(pdf|png|jpe?g|gif|svg|zip|xml|json|txt|md)$/i.test(new URL(url).pathname),
    );
  if (navUrl === undefined) {
    return undefined;
  }
  if (!mayFetch(robotsRules, navUrl)) {
    return { url: navUrl, source: 'nav' };
  }
  const fetched = await fetcher.get(navUrl, {
    accept: ACCEPT_HTML,
    maxBytes: BYTE_CAPS.html,
    priority: PRIORITY_FOLLOW_UP,
    depth,
  });
  return { url: navUrl, source: 'nav', fetched };
}

async function collectLlmsLinks(
  fetcher: ScanFetcher,
  origin: string,
  llms: Fetched,
  depth: number,
): Promise<Fetched[]> {
  if (!isOk(llms) || looksLikeHtml(llms.text)) {
    return [];
  }
  const urls = parseLlmsTxt(llms.text)
    .links.map((link) => absoluteUrl(link.url, `${origin}/llms.txt`))
    .filter((url): url is string => url !== undefined && isSameSite(url, origin));
  const unique = [...new Set(urls)].slice(0, 3);
  return Promise.all(
    unique.map((url) =>
      fetcher.get(url, {
        // Same Accept as page samples, so a link that is also a sitemap URL is fetched once.
        accept: ACCEPT_HTML,
        maxBytes: BYTE_CAPS.html,
        priority: PRIORITY_FOLLOW_UP,
        depth,
      }),
    ),
  );
}

async function collectServiceDescriptions(
  fetcher: ScanFetcher,
  origin: string,
  fan: FanOut,
  homepage: FetchedResponse,
  facts: PageFacts | undefined,
  depth: number,
): Promise<Record<string, Fetched>> {
  const catalogPath = '/.well-known/api-catalog';
  const catalog = await (fan.probes[catalogPath] ?? Promise.resolve(undefined));
  const urls = new Set<string>();
  if (isOk(catalog)) {
    for (const href of linksetHrefs(parseJson(catalog.text), 'service-desc')) {
      const url = absoluteUrl(href, `${origin}${catalogPath}`);
      if (url !== undefined && isSameSite(url, origin)) {
        urls.add(url);
      }
    }
  }
  for (const href of linkHeaderTargets(homepage.headers.link, 'service-desc')) {
    const url = absoluteUrl(href, `${origin}/`);
    if (url !== undefined && isSameSite(url, origin)) {
      urls.add(url);
    }
  }
  for (const link of facts?.linkElements ?? []) {
    if (link.rel.includes('service-desc')) {
      const url = absoluteUrl(link.href, `${origin}/`);
      if (url !== undefined && isSameSite(url, origin)) {
        urls.add(url);
      }
    }
  }
  const picked = [...urls].slice(0, 2);
  const entries = await Promise.all(
    picked.map(
      async (url) =>
        [
          url,
          await fetcher.get(url, {
            accept: ACCEPT_JSON,
            maxBytes: BYTE_CAPS.openApi,
            priority: PRIORITY_FOLLOW_UP,
            depth,
          }),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}

async function collectAuthServerMetadata(
  fetcher: ScanFetcher,
  origin: string,
  fan: FanOut,
  depth: number,
): Promise<Record<string, Fetched>> {
  const prm = await (fan.probes['/.well-known/oauth-protected-resource'] ??
    Promise.resolve(undefined));
  if (!isOk(prm)) {
    return {};
  }
  const body = parseJson(prm.text);
  if (!isObject(body)) {
    return {};
  }
  const urls = stringList(body, 'authorization_servers')
    .map((issuer) => authServerMetadataUrl(issuer))
    .filter((url): url is string => url !== undefined && isSameSite(url, origin))
    .filter(
      (url) =>
        url !== `${origin}/.well-known/oauth-authorization-server` &&
        url !== `${origin}/.well-known/openid-configuration`,
    )
    .slice(0, 2);
  const entries = await Promise.all(
    urls.map(
      async (url) =>
        [
          url,
          await fetcher.get(url, {
            accept: ACCEPT_JSON,
            maxBytes: BYTE_CAPS.wellKnown,
            priority: PRIORITY_FOLLOW_UP,
            depth,
          }),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** RFC 8414 §3: the well-known segment goes between the host and the issuer's path. */
export function authServerMetadataUrl(issuer: string): string | undefined {
  try {
    const url = new URL(issuer);
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
    return `${url.origin}/.well-known/oauth-authorization-server${path}`;
  } catch {
    return undefined;
  }
}

async function collectSecondTierProbes(
  fetcher: ScanFetcher,
  origin: string,
  fan: FanOut,
  depth: number,
): Promise<Record<string, Fetched>> {
  const present = async (path: string) => {
    const fetched = await (fan.probes[path] ?? Promise.resolve(undefined));
    return isOk(fetched) && isJsonResponse(fetched);
  };
  const groups: Array<{ firstTier: string[]; fallbacks: readonly string[] }> = [
    { firstTier: ['/.well-known/openapi.json'], fallbacks: SECOND_TIER_PROBES.openApi },
    {
      firstTier: ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json'],
      fallbacks: SECOND_TIER_PROBES.mcp,
    },
    { firstTier: ['/.well-known/agent-card.json'], fallbacks: SECOND_TIER_PROBES.agentCard },
    { firstTier: ['/.well-known/agents.json'], fallbacks: SECOND_TIER_PROBES.agentsJson },
  ];
  const results = await Promise.all(
    groups.map(async (group) => {
      const found = await Promise.all(group.firstTier.map(present));
      if (found.some(Boolean)) {
        return [];
      }
      return Promise.all(
        group.fallbacks.map(
          async (path) =>
            [
              path,
              await fetcher.get(`${origin}${path}`, {
                accept: ACCEPT_JSON,
                maxBytes: path === '/openapi.json' ? BYTE_CAPS.openApi : BYTE_CAPS.wellKnown,
                priority: PRIORITY_LEAF,
                depth,
              }),
            ] as const,
        ),
      );
    }),
  );
  return Object.fromEntries(results.flat());
}

async function collectMarkdownMirror(
  fetcher: ScanFetcher,
  origin: string,
  markdown: Fetched,
  homepage: FetchedResponse,
  facts: PageFacts | undefined,
  depth: number,
): Promise<Fetched | undefined> {
  if (isMarkdownResponse(markdown)) {
    return undefined; // negotiation works; no need to look for a mirror
  }
  const alternate =
    linkHeaderTargets(homepage.headers.link, 'alternate', 'text/markdown')[0] ??
    facts?.linkElements.find(
      (link) => link.rel.includes('alternate') && link.type === 'text/markdown',
    )?.href;
  const url = absoluteUrl(alternate ?? '/index.md', `${origin}/`);
  if (url === undefined || !isSameSite(url, origin)) {
    return undefined;
  }
  return fetcher.get(url, {
    accept: 'text/markdown, text/plain;q=0.9',
    maxBytes: BYTE_CAPS.markdown,
    priority: PRIORITY_LEAF,
    depth,
  });
}

async function collectEntityTargets(
  fetcher: ScanFetcher,
  facts: PageFacts | undefined,
  depth: number,
): Promise<{ sameAs: Record<string, Fetched>; wikidata: Record<string, Fetched> }> {
  const sameAs = sameAsUrls(facts);
  const sample = pickSameAsSample(sameAs);
  const qids = wikidataIds(sameAs).slice(0, 1);
  const [sameAsEntries, wikidataEntries] = await Promise.all([
    Promise.all(
      sample.map(
        async (url) =>
          [
            url,
            WALLED_PLATFORMS.some((platform) => hostMatches(url, platform))
              ? ({
                  kind: 'skipped',
                  url,
                  message: 'this platform does not answer anonymous clients',
                } satisfies Fetched)
              : await fetcher.get(url, {
                  accept: ACCEPT_HTML,
                  maxBytes: BYTE_CAPS.thirdParty,
                  priority: PRIORITY_FOLLOW_UP,
                  depth,
                  timeoutMs: 4_000,
                }),
          ] as const,
      ),
    ),
    Promise.all(
      qids.map(
        async (qid) =>
          [
            qid,
            await fetcher.get(`https://www.wikidata.org/wiki/Special:EntityData/${qid}.json`, {
              accept: ACCEPT_JSON,
              maxBytes: BYTE_CAPS.wikidata,
              priority: PRIORITY_FOLLOW_UP,
              depth,
              timeoutMs: 5_000,
            }),
          ] as const,
      ),
    ),
  ]);
  return {
    sameAs: Object.fromEntries(sameAsEntries),
    wikidata: Object.fromEntries(wikidataEntries),
  };
}

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

function platformRank(url: string): number {
  if (hostMatches(url, 'wikidata.org')) {
    return 0;
  }
  if (hostMatches(url, 'wikipedia.org')) {
    return 1;
  }
  return WALLED_PLATFORMS.some((platform) => hostMatches(url, platform)) ? 3 : 2;
}

export function hostMatches(url: string, domain: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}

/** Hrefs of every link with `relation` in an RFC 9264 linkset document. */
export function linksetHrefs(document: unknown, relation: string): string[] {
  if (!isObject(document) || !Array.isArray(document.linkset)) {
    return [];
  }
  const hrefs: string[] = [];
  for (const context of document.linkset) {
    if (!isObject(context)) {
      continue;
    }
    const targets = context[relation];
    if (!Array.isArray(targets)) {
      continue;
    }
    for (const target of targets) {
      if (isObject(target) && typeof target.href === 'string') {
        hrefs.push(target.href);
      }
    }
  }
  return hrefs;
}

/** Targets of an HTTP Link header with the given rel (and type, when asked). */
export function linkHeaderTargets(
  header: string | undefined,
  relation: string,
  type?: string,
): string[] {
  if (header === undefined) {
    return [];
  }
  const targets: string[] = [];
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes(relation)) {
      continue;
    }
    if (type !== undefined) {
      const typeMatch = /;\s*type\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
      if ((typeMatch?.[1] ?? typeMatch?.[2] ?? '').toLowerCase() !== type) {
        continue;
      }
    }
    targets.push(match[1] ?? '');
  }
  return targets;
}

export function isHtmlResponse(fetched: Fetched | undefined): fetched is FetchedResponse {
  if (!isResponse(fetched)) {
    return false;
  }
  const type = contentTypeOf(fetched);
  return (
    type === 'text/html' ||
    type === 'application/xhtml+xml' ||
    (type === '' && looksLikeHtml(fetched.text))
  );
}

export function isJsonResponse(fetched: FetchedResponse): boolean {
  const type = contentTypeOf(fetched);
  return type === 'application/json' || type.endsWith('+json');
}

export function isMarkdownResponse(fetched: Fetched | undefined): fetched is OkResponse {
  return (
    isOk(fetched) && contentTypeOf(fetched) === 'text/markdown' && !looksLikeHtml(fetched.text)
  );
}

function looksLikeSitemap(fetched: Fetched): boolean {
  if (!isOk(fetched) || looksLikeHtml(fetched.text)) {
    return false;
  }
  return parseSitemap(fetched.text).kind !== 'other';
}

function fingerprintOf(probe: Fetched): Soft404Fingerprint | undefined {
  if (!isResponse(probe)) {
    return undefined;
  }
  return {
    answers200: probe.status >= 200 && probe.status < 300,
    contentType: contentTypeOf(probe),
    bodyPrefix: probe.text.slice(0, 2048),
    bodyLength: probe.text.length,
  };
}

/** Spread picks (first, middle, last...) so samples are not all from one section. */
function pickSpread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) {
    return [...items];
  }
  const picked: T[] = [];
  for (let i = 0; i < count; i += 1) {
    const item = items[Math.floor((i * (items.length - 1)) / (count - 1))];
    if (item !== undefined) {
      picked.push(item);
    }
  }
  return picked;
}

async function settleRecord(
  record: Record<string, Promise<Fetched>>,
): Promise<Record<string, Fetched>> {
  const entries = await Promise.all(
    Object.entries(record).map(async ([key, promise]) => [key, await promise] as const),
  );
  return Object.fromEntries(entries);
}

function originOf(url: string): string {
  return new URL(url).origin;
}
