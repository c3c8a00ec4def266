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

/** Catalog URLs the homepage names with rel="ai-catalog" or rel="ard" (element or Link header). */
export function catalogLinks(homepage: Fetched, facts: PageFacts | undefined): string[] {
  const headers = isResponse(homepage) ? homepage.headers : {};
  const fromHeader = CATALOG_RELS.flatMap((rel) => linkHeaderTargets(headers.link, rel));
  const fromHtml = (facts?.linkElements ?? [])
    .filter((link) => link.rel.some((rel) => CATALOG_RELS.includes(rel)))
    .map((link) => link.href);
  return [...fromHeader, ...fromHtml];
}

export async function collectHintedCatalogs(
  site: SiteFetcher,
  input: { robots: Promise<Fetched>; homepage: Fetched; facts: PageFacts | undefined },
): Promise<Record<string, Fetched>> {
  const robots = await input.robots;
  const known = new Set(WELL_KNOWN_CATALOGS.map((path) => `${site.origin}${path}`));
  const urls = [
    ...agentmapLines(robots).map((href) => absoluteUrl(href, `${site.origin}/robots.txt`)),
    ...catalogLinks(input.homepage, input.facts).map((href) =>
      absoluteUrl(href, `${site.origin}/`),
    ),
  ].filter(
    (url): url is string => url !== undefined && isSameSite(url, site.origin) && !known.has(url),
  );
  const entries = await Promise.all(
    [...new Set(urls)].slice(0, 1).map(async (url) => {
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
