/**
 * One origin of a scan: its first wave of requests (the fan-out) and the catch-all filter.
 * Two random paths that cannot exist are fetched with the fan-out; once they answer, every
 * document of the origin is compared with them and, when it is the same answer, marked as the
 * catch-all (`Fetched.catchAll`), which every check then treats as missing. HTML pages are
 * only marked when the catch-all is not the homepage itself: on a client-rendered SPA every
 * page is the same shell, and the render check has to judge it as such.
 */
import { type Fetched, isResponse } from '#shared/domain/scan-engine/artifacts';
import type { ScanFetcher, ScanFetchOptions } from '#shared/domain/scan-engine/scan-fetcher';
import {
  type CatchAllFingerprint,
  fingerprintOf,
  markCatchAll,
  matchCatchAll,
} from '#shared/domain/scan-engine/soft404';
import {
  ACCEPT,
  BYTE_CAPS,
  catchAllProbes,
  FIRST_TIER_PROBES,
  PRIORITY,
  PROBES_WITH_FOLLOW_UPS,
} from './plan.ts';

export interface FanOut {
  robots: Promise<Fetched>;
  markdown: Promise<Fetched>;
  sitemapXml: Promise<Fetched>;
  llmsTxt: Promise<Fetched>;
  llmsFullTxt: Promise<Fetched>;
  probes: Record<string, Promise<Fetched>>;
}

export interface SiteFetcher {
  readonly origin: string;
  readonly fetcher: ScanFetcher;
  readonly fanOut: FanOut;
  /** A document of this site (absolute URL), marked when it is the catch-all answer. */
  document(url: string, options: ScanFetchOptions): Promise<Fetched>;
  /** An HTML page of this site, marked only when the catch-all is not the homepage. */
  page(url: string, options: ScanFetchOptions): Promise<Fetched>;
}

export function openSite(
  fetcher: ScanFetcher,
  origin: string,
  options: { probeToken: string; homepage: Promise<Fetched> },
): SiteFetcher {
  // robots.txt and the default sitemap go right after the homepage (issue 28): the most requests
  // hang off them. The fan-out below asks for the same URL and Accept and shares these answers.
  for (const [path, accept, maxBytes] of LEADING) {
    fetcher.get(`${origin}${path}`, { accept, maxBytes, priority: PRIORITY.hasFollowUps });
  }
  // Then the catch-all probes: every document of the origin waits for their answer.
  const fingerprints = Promise.all(
    catchAllProbes(options.probeToken).map((probe) =>
      fetcher.get(`${origin}${probe.path}`, {
        accept: probe.accept,
        maxBytes: BYTE_CAPS.probe,
        priority: PRIORITY.hasFollowUps,
      }),
    ),
  ).then((answers) =>
    answers.map(fingerprintOf).filter((print): print is CatchAllFingerprint => print !== undefined),
  );
  const pageFingerprints = Promise.all([fingerprints, options.homepage]).then(([prints, home]) =>
    prints.filter((print) => !isResponse(home) || matchCatchAll(home, [print]) === undefined),
  );
  const marked = new Map<string, Promise<Fetched>>();
  const markedGet = (
    url: string,
    request: ScanFetchOptions,
    prints: Promise<CatchAllFingerprint[]>,
  ): Promise<Fetched> => {
    if (!url.startsWith(`${origin}/`)) {
      return fetcher.get(url, request); // another origin's catch-all is not known here
    }
    const key = `${url} ${request.accept ?? ''}`;
    let pending = marked.get(key);
    if (pending === undefined) {
      pending = Promise.all([fetcher.get(url, request), prints]).then(([fetched, list]) =>
        markCatchAll(fetched, list),
      );
      marked.set(key, pending);
    }
    return pending;
  };
  const site: Omit<SiteFetcher, 'fanOut'> = {
    origin,
    fetcher,
    document: (url, request) => markedGet(url, request, fingerprints),
    page: (url, request) => markedGet(url, request, pageFingerprints),
  };
  return { ...site, fanOut: startFanOut(site) };
}

/** Issued before everything else on an origin; the fan-out asks for them the same way. */
const LEADING = [
  ['/robots.txt', ACCEPT.text, BYTE_CAPS.robots],
  ['/sitemap.xml', ACCEPT.xml, BYTE_CAPS.sitemap],
] as const;

/** The first wave on an origin. Issue order matters: free slots go to the first callers. */
function startFanOut(site: Omit<SiteFetcher, 'fanOut'>): FanOut {
  const get = (path: string, accept: string, maxBytes: number, priority: number) =>
    site.document(`${site.origin}${path}`, { accept, maxBytes, priority });
  const first = PRIORITY.hasFollowUps;
  const robots = get('/robots.txt', ACCEPT.text, BYTE_CAPS.robots, first);
  const sitemapXml = get('/sitemap.xml', ACCEPT.xml, BYTE_CAPS.sitemap, first);
  const llmsTxt = get('/llms.txt', ACCEPT.text, BYTE_CAPS.llms, first);
  const markdown = get('/', ACCEPT.markdown, BYTE_CAPS.markdown, first);
  const probes: Record<string, Promise<Fetched>> = {};
  const ordered = Object.entries(FIRST_TIER_PROBES).sort(
    ([a], [b]) => Number(PROBES_WITH_FOLLOW_UPS.has(b)) - Number(PROBES_WITH_FOLLOW_UPS.has(a)),
  );
  for (const [path, probe] of ordered) {
    const priority = PROBES_WITH_FOLLOW_UPS.has(path) ? first : PRIORITY.leaf;
    probes[path] = get(path, probe.accept, probe.cap, priority);
  }
  const llmsFullTxt = get('/llms-full.txt', ACCEPT.text, BYTE_CAPS.llmsFull, PRIORITY.leaf);
  return { robots, sitemapXml, llmsTxt, markdown, llmsFullTxt, probes };
}
