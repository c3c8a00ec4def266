/**
 * Follow-ups of the agent documents (issue 28): the JWK Sets an A2A card's signatures name with
 * `jku` (same origin only), and an agent catalog a robots.txt `Agentmap:` line or a
 * `rel="ai-catalog"` / `rel="ard"` link names somewhere other than the two well-known paths,
 * which the first wave already asked for.
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  isResponse,
} from '#shared/domain/scan-engine/artifacts';
import type { PageFacts } from '#shared/domain/scan-engine/html';
import { parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { jkuUrls } from '#shared/domain/scan-engine/parse/jws';
import { linkHeaderTargets } from '#shared/domain/scan-engine/parse/links';
import { absoluteUrl, isSameSite } from '#shared/domain/scan-engine/site';
import { ACCEPT, BYTE_CAPS, PRIORITY } from './plan.ts';
import type { SiteFetcher } from './site-fetcher.ts';

const CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'];
const WELL_KNOWN_CATALOGS = ['/.well-known/ai-catalog.json', '/.well-known/ard.json'];
const CATALOG_RELS = ['ai-catalog', 'ard'];

export async function collectA2aKeySets(site: SiteFetcher): Promise<Record<string, Fetched>> {
  const cards = await Promise.all(
    CARD_PATHS.map((path) => site.fanOut.probes[path] ?? Promise.resolve(undefined)),
  );
  const card = cards.find((fetched) => isOk(fetched) && isJsonResponse(fetched));
  if (!isOk(card)) return {};
  const urls = [...new Set(jkuUrls(parseJson(card.text), card.finalUrl))].slice(0, 2);
  const entries = await Promise.all(
    urls.map(async (url) => {
      const options = {
        accept: ACCEPT.jwks,
        maxBytes: BYTE_CAPS.wellKnown,
        priority: PRIORITY.followUp,
        after: [card],
      };
      return [url, await site.document(url, options)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Agentmap lines of a robots.txt (ARD v0.91 §5.1), as written. */
export function agentmapLines(robots: Fetched): string[] {
  if (!isOk(robots)) return [];
  return robots.text
    .split(/\r?\n/)
    .map((line) => /^\s*agentmap\s*:\s*(\S+)/i.exec(line)?.[1])
    .filter((href): href is string => href !== undefined);
}

/** Where the homepage names a document with `rel`: its <link> elements, then its Link header. */
export function relLinks(
  homepage: Fetched,
  facts: PageFacts | undefined,
  rel: string,
): { html: string[]; header: string[] } {
  const headers = isResponse(homepage) ? homepage.headers : {};
  return {
    html: (facts?.linkElements ?? [])
      .filter((link) => link.rel.includes(rel))
      .map((link) => link.href),
    header: linkHeaderTargets(headers.link, rel),
  };
}

/** Catalog URLs the homepage names with rel="ai-catalog" or rel="ard" (element or Link header). */
export function catalogLinks(homepage: Fetched, facts: PageFacts | undefined): string[] {
  return CATALOG_RELS.flatMap((rel) => {
    const links = relLinks(homepage, facts, rel);
    return [...links.header, ...links.html];
  });
}

/** How a catalog was found, in the order its reader looks (ARD v0.91 §5.1, then its predecessor). */
export type CatalogSource = {
  href: string;
  via: 'agentmap' | 'link element' | 'Link header' | 'well-known path';
  /** The text the document is judged against. */
  text: 'ard' | 'ai-catalog';
};

/**
 * Every place a site names its catalog, in reading order: an ARD consumer's (robots.txt
 * Agentmap, rel="ard" element, rel="ard" header, /.well-known/ard.json), then the predecessor
 * names it may read (rel="ai-catalog", /.well-known/ai-catalog.json).
 */
export function catalogSources(
  robots: Fetched,
  homepage: Fetched,
  facts: PageFacts | undefined,
): CatalogSource[] {
  const ard = relLinks(homepage, facts, 'ard');
  const predecessor = relLinks(homepage, facts, 'ai-catalog');
  const of = (hrefs: string[], via: CatalogSource['via'], text: CatalogSource['text']) =>
    hrefs.map((href): CatalogSource => ({ href, via, text }));
  return [
    ...of(agentmapLines(robots), 'agentmap', 'ard'),
    ...of(ard.html, 'link element', 'ard'),
    ...of(ard.header, 'Link header', 'ard'),
    ...of(['/.well-known/ard.json'], 'well-known path', 'ard'),
    ...of(predecessor.html, 'link element', 'ai-catalog'),
    ...of(predecessor.header, 'Link header', 'ai-catalog'),
    ...of(['/.well-known/ai-catalog.json'], 'well-known path', 'ai-catalog'),
  ];
}

/**
 * The catalogs named off the two well-known paths (which the first wave already asked for):
 * the first of each kind of hint, so both an ARD consumer's reading and Lighthouse's (peers)
 * can be judged, at most four, on the same site.
 */
export async function collectHintedCatalogs(
  site: SiteFetcher,
  input: { robots: Promise<Fetched>; homepage: Fetched; facts: PageFacts | undefined },
): Promise<Record<string, Fetched>> {
  const robots = await input.robots;
  const known = new Set(WELL_KNOWN_CATALOGS.map((path) => `${site.origin}${path}`));
  const firstOfEach = new Map<string, string>();
  for (const source of catalogSources(robots, input.homepage, input.facts)) {
    const base = source.via === 'agentmap' ? `${site.origin}/robots.txt` : `${site.origin}/`;
    const url = absoluteUrl(source.href, base);
    const key = `${source.via} ${source.text}`;
    if (url === undefined || firstOfEach.has(key)) continue;
    firstOfEach.set(key, url);
  }
  const urls = [...new Set(firstOfEach.values())].filter(
    (url) => isSameSite(url, site.origin) && !known.has(url),
  );
  const entries = await Promise.all(
    urls.slice(0, 4).map(async (url) => {
      const options = {
        accept: ACCEPT.aiCatalog,
        maxBytes: BYTE_CAPS.wellKnown,
        priority: PRIORITY.followUp,
        after: [robots, input.homepage],
      };
      return [url, await site.document(url, options)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
