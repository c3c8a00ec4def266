/**
 * Applies walls.ts to a scan's artifacts: every document of the site that met a wall becomes a
 * `walled` fetch (a scanner-side failure the checks already treat as "not measured"), and the
 * walls are listed with where they were met. Third parties (sameAs targets, Wikidata) are not
 * the site: their refusals keep the meaning the entity check gives them.
 */
import type { Fetched, ScanArtifacts, Wall } from './artifacts.ts';
import { describeWall, wallOf } from './walls.ts';

/** A wall and the document it answered for. */
export interface WallSighting {
  url: string;
  wall: Wall;
}

type Mapper = (fetched: Fetched) => Fetched;

function mapRecord(
  record: Record<string, Fetched> | undefined,
  map: Mapper,
): Record<string, Fetched> | undefined {
  if (record === undefined) return undefined;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

/** The same artifacts with every document of the site passed through `map`. */
export function mapSiteDocuments(artifacts: ScanArtifacts, map: Mapper): ScanArtifacts {
  const mapped: ScanArtifacts = {
    ...artifacts,
    homepage: map(artifacts.homepage),
    homepageMarkdown: map(artifacts.homepageMarkdown),
    robots: map(artifacts.robots),
    sitemaps: artifacts.sitemaps.map((sitemap) => ({
      ...sitemap,
      fetched: map(sitemap.fetched),
      ...(sitemap.child === undefined ? {} : { child: map(sitemap.child) }),
    })),
    sitemapSamples: artifacts.sitemapSamples.map(map),
    innerPage:
      artifacts.innerPage?.fetched === undefined
        ? artifacts.innerPage
        : { ...artifacts.innerPage, fetched: map(artifacts.innerPage.fetched) },
    llmsTxt: map(artifacts.llmsTxt),
    llmsFullTxt: map(artifacts.llmsFullTxt),
    llmsLinks: artifacts.llmsLinks.map(map),
    markdownMirror:
      artifacts.markdownMirror === undefined ? undefined : map(artifacts.markdownMirror),
    probes: mapRecord(artifacts.probes, map) ?? {},
    serviceDescriptions: mapRecord(artifacts.serviceDescriptions, map) ?? {},
    catalogCards: mapRecord(artifacts.catalogCards, map) ?? {},
    authServerMetadata: mapRecord(artifacts.authServerMetadata, map) ?? {},
  };
  const optional = {
    a2aKeySets: mapRecord(artifacts.a2aKeySets, map),
    hintedCatalogs: mapRecord(artifacts.hintedCatalogs, map),
    llmsSubpaths: mapRecord(artifacts.llmsSubpaths, map),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(mapped, { [key]: value });
  }
  return mapped;
}

function sameSite(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Walls met by the site's documents, and the artifacts with those documents marked `walled`.
 * robots.txt's lone 429 stays an answer (see walls.ts).
 */
export function separateWalls(artifacts: ScanArtifacts): {
  artifacts: ScanArtifacts;
  sightings: WallSighting[];
} {
  const found = new Map<Fetched, Wall>();
  mapSiteDocuments(artifacts, (fetched) => {
    if (fetched.kind !== 'response' || !sameSite(fetched.finalUrl, artifacts.origin)) {
      return fetched;
    }
    const wall = wallOf(fetched);
    if (wall !== undefined) found.set(fetched, wall);
    return fetched;
  });
  const robotsAlone =
    artifacts.robots.kind === 'response' &&
    found.get(artifacts.robots)?.kind === 'rate-limit' &&
    [...found].filter(([, wall]) => wall.kind === 'rate-limit').length === 1;
  if (robotsAlone) found.delete(artifacts.robots);
  const sightings: WallSighting[] = [];
  const marked = mapSiteDocuments(artifacts, (fetched) => {
    const wall = found.get(fetched);
    if (wall === undefined || fetched.kind !== 'response') return fetched;
    sightings.push({ url: fetched.finalUrl, wall });
    return {
      kind: 'walled',
      url: fetched.url,
      message: describeWall(wall),
      wall,
      response: fetched,
    };
  });
  return { artifacts: marked, sightings };
}
