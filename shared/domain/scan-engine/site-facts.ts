/**
 * What a scan learned about the site that later questions need besides the score: the text of
 * its robots.txt and the paths of its sitemap (docs/agent-logs.md "Never fetched and
 * conflicts"). The agent analytics compare an access log with these: the sitemap's pages no
 * verified agent fetched, and refusals robots.txt does not ask for. Not part of the public scan.
 */
import { type Fetched, isOk, isResponse, type ScanArtifacts } from './artifacts.ts';
import { parseSitemap } from './parse/sitemap-xml.ts';
import { absoluteUrl, isSameSite } from './site.ts';

/** robots.txt kept at most (RFC 9309 asks crawlers to read at least 500 KiB; rules come first). */
export const MAX_ROBOTS_CHARS = 128 * 1024;
/** Sitemap paths kept at most. */
export const MAX_SITEMAP_PATHS = 5000;

export type RobotsFact =
  /** The file, as served (cut at MAX_ROBOTS_CHARS). */
  | { kind: 'file'; text: string }
  /** 4xx: no robots.txt, so everything is allowed (RFC 9309 §2.3.1.3). */
  | { kind: 'missing' }
  /** 5xx or no answer: a crawler must assume nothing is allowed (§2.3.1.4). */
  | { kind: 'unavailable' };

export interface SiteFacts {
  robots: RobotsFact;
  /** Paths of the scanned sitemap (one child of an index), same site, in its order, once each. */
  sitemapPaths: string[];
}

function robotsFact(robots: Fetched): RobotsFact {
  if (isOk(robots)) return { kind: 'file', text: robots.text.slice(0, MAX_ROBOTS_CHARS) };
  if (isResponse(robots) && robots.status >= 400 && robots.status < 500) return { kind: 'missing' };
  return { kind: 'unavailable' };
}

function entriesOf(fetched: Fetched | undefined): string[] {
  if (!isOk(fetched)) return [];
  const parsed = parseSitemap(fetched.text);
  return parsed.kind === 'urlset' ? parsed.entries.map((entry) => entry.loc) : [];
}

/** The paths of the sitemap the scan chose (the last one it fetched that reads as one). */
function sitemapPaths(artifacts: ScanArtifacts): string[] {
  for (const artifact of [...artifacts.sitemaps].reverse()) {
    const locs = [...entriesOf(artifact.fetched), ...entriesOf(artifact.child)];
    if (locs.length === 0) continue;
    const paths = new Set<string>();
    for (const loc of locs) {
      const url = absoluteUrl(loc, artifacts.origin);
      if (url === undefined || !isSameSite(url, artifacts.origin)) continue;
      paths.add(new URL(url).pathname);
      if (paths.size >= MAX_SITEMAP_PATHS) break;
    }
    return [...paths];
  }
  return [];
}

export function siteFactsOf(artifacts: ScanArtifacts): SiteFacts {
  return { robots: robotsFact(artifacts.robots), sitemapPaths: sitemapPaths(artifacts) };
}
