/**
 * Follow-ups of the well-known documents: OpenAPI descriptions named by the api-catalog or
 * the homepage, authorization-server metadata named by protected-resource metadata, and the
 * second-tier probe paths (fetched only when the first tier is missing).
 */
import {
  type Fetched,
  isJsonResponse,
  isOk,
  isResponse,
} from '#shared/domain/scan-engine/artifacts';
import type { PageFacts } from '#shared/domain/scan-engine/html';
import { isMcpCardEntry, judgeCatalog } from '#shared/domain/scan-engine/parse/ai-catalog';
import { isObject, parseJson, stringList } from '#shared/domain/scan-engine/parse/json-ld';
import {
  authServerMetadataUrl,
  linkHeaderTargets,
  linksetHrefs,
} from '#shared/domain/scan-engine/parse/links';
import { absoluteUrl, isSameSite } from '#shared/domain/scan-engine/site';
import { ACCEPT, BYTE_CAPS, CATALOG_PATHS, PRIORITY, SECOND_TIER_PROBES } from './plan.ts';
import type { SiteFetcher } from './site-fetcher.ts';

const CATALOG_PATH = '/.well-known/api-catalog';

export async function collectServiceDescriptions(
  site: SiteFetcher,
  input: { homepage: Fetched; facts: PageFacts | undefined },
): Promise<Record<string, Fetched>> {
  const catalog = await (site.fanOut.probes[CATALOG_PATH] ?? Promise.resolve(undefined));
  const hrefs: Array<[string, string]> = [];
  if (isOk(catalog)) {
    for (const href of linksetHrefs(parseJson(catalog.text), 'service-desc')) {
      hrefs.push([href, `${site.origin}${CATALOG_PATH}`]);
    }
  }
  const headers = isResponse(input.homepage) ? input.homepage.headers : {};
  for (const href of linkHeaderTargets(headers.link, 'service-desc')) {
    hrefs.push([href, `${site.origin}/`]);
  }
  for (const link of input.facts?.linkElements ?? []) {
    if (link.rel.includes('service-desc')) {
      hrefs.push([link.href, `${site.origin}/`]);
    }
  }
  const urls = hrefs
    .map(([href, base]) => absoluteUrl(href, base))
    .filter((url): url is string => url !== undefined && isSameSite(url, site.origin));
  const after = catalog === undefined ? [input.homepage] : [catalog, input.homepage];
  return fetchAll(site, [...new Set(urls)].slice(0, 2), {
    accept: ACCEPT.json,
    maxBytes: BYTE_CAPS.openApi,
    priority: PRIORITY.followUp,
    after,
  });
}

export async function collectAuthServerMetadata(
  site: SiteFetcher,
): Promise<Record<string, Fetched>> {
  const prm = await (site.fanOut.probes['/.well-known/oauth-protected-resource'] ??
    Promise.resolve(undefined));
  if (!isOk(prm)) {
    return {};
  }
  const body = parseJson(prm.text);
  if (!isObject(body)) {
    return {};
  }
  const firstTier = new Set([
    `${site.origin}/.well-known/oauth-authorization-server`,
    `${site.origin}/.well-known/openid-configuration`,
  ]);
  const urls = stringList(body, 'authorization_servers')
    .map((issuer) => authServerMetadataUrl(issuer))
    .filter((url): url is string => url !== undefined && isSameSite(url, site.origin))
    .filter((url) => !firstTier.has(url))
    .slice(0, 2);
  return fetchAll(site, urls, {
    accept: ACCEPT.json,
    maxBytes: BYTE_CAPS.wellKnown,
    priority: PRIORITY.followUp,
    after: [prm],
  });
}

/**
 * MCP Server Cards named by the AI Catalog, ARD or MCP Catalog entries (at most two, on the
 * same site), requested with the card media type as the discovery draft asks. Cards of a
 * catalog that a hint names off the well-known paths come a round trip later.
 */
export async function collectCatalogCards(
  site: SiteFetcher,
  hinted: Promise<Record<string, Fetched>>,
): Promise<Record<string, Fetched>> {
  const catalogs = await Promise.all([
    ...CATALOG_PATHS.map((path) => site.fanOut.probes[path] ?? Promise.resolve(undefined)),
    // A catalog named elsewhere arrives a round trip later: its cards are a third wave.
    hinted.then((found) => Object.values(found)),
  ]).then((answers) => answers.flat());
  const urls: string[] = [];
  for (const catalog of catalogs) {
    if (!isOk(catalog) || !isJsonResponse(catalog)) continue;
    for (const entry of judgeCatalog(parseJson(catalog.text)).entries) {
      const url = entry.url === undefined ? undefined : absoluteUrl(entry.url, catalog.finalUrl);
      if (isMcpCardEntry(entry) && url !== undefined && isSameSite(url, site.origin)) {
        urls.push(url);
      }
    }
  }
  const after = catalogs.filter((fetched): fetched is Fetched => fetched !== undefined);
  return fetchAll(site, [...new Set(urls)].slice(0, 2), {
    accept: ACCEPT.mcpCard,
    maxBytes: BYTE_CAPS.wellKnown,
    priority: PRIORITY.followUp,
    after,
  });
}

/** /openapi.json, fetched only when /.well-known/openapi.json is missing (not well-known). */
export async function collectSecondTierProbes(site: SiteFetcher): Promise<Record<string, Fetched>> {
  const firstTier = await (site.fanOut.probes['/.well-known/openapi.json'] ??
    Promise.resolve(undefined));
  if (firstTier === undefined || (isOk(firstTier) && isJsonResponse(firstTier))) return {};
  const entries = await Promise.all(
    SECOND_TIER_PROBES.openApi.map(async (path) => {
      const options = {
        accept: ACCEPT.json,
        maxBytes: BYTE_CAPS.openApi,
        priority: PRIORITY.leaf,
        after: [firstTier],
      };
      return [path, await site.document(`${site.origin}${path}`, options)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function fetchAll(
  site: SiteFetcher,
  urls: readonly string[],
  options: Parameters<SiteFetcher['document']>[1],
): Promise<Record<string, Fetched>> {
  const entries = await Promise.all(
    urls.map(async (url) => [url, await site.document(url, options)] as const),
  );
  return Object.fromEntries(entries);
}
