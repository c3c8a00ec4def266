/**
 * Check 2 `sitemap` (R, 6): can a crawler find the site's pages without following links?
 */
import {
  describeFailure,
  type Fetched,
  isOk,
  isResponse,
  isScannerFailure,
  type ScanArtifacts,
  type SitemapArtifact,
  seconds,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { looksLikeHtml } from '#shared/domain/scan-engine/html';
import {
  type ParsedSitemap,
  parseSitemap,
  SITEMAP_NAMESPACE,
} from '#shared/domain/scan-engine/parse/sitemap-xml';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import { isSameSite } from '#shared/domain/scan-engine/site';
import type { Check, Finding, FindingId } from '#shared/domain/scan-engine/types';

export const SITEMAP_CHECK: CheckDefinition = {
  id: 'sitemap',
  pillar: 'R',
  title: 'Sitemap discoverable and valid',
};

const POINTS = { discoverable: 2, valid: 2, urls: 1, lastmod: 1 } as const;

export function evaluateSitemap(artifacts: ScanArtifacts): Check {
  const valid = artifacts.sitemaps.find((sitemap) => parsedIfValid(sitemap.fetched) !== undefined);
  if (valid === undefined) {
    return noSitemap(artifacts);
  }
  const where = shortUrl(valid.url, artifacts.origin);
  const parsed = parsedIfValid(valid.fetched) as ParsedSitemap;
  const entries = entriesOf(valid, parsed);
  return buildCheck(SITEMAP_CHECK, [
    valid.source === 'robots'
      ? pass('discoverable', POINTS.discoverable, {
          id: 'sitemap.in_robots',
          state: 'good',
          text: `Sitemap ${where} is named by a Sitemap: line in robots.txt.`,
        })
      : partial('discoverable', POINTS.discoverable, 0.5, {
          id: 'sitemap.not_in_robots',
          state: 'warn',
          text: `Sitemap found at the default path ${where}, but robots.txt does not name it. Add "Sitemap: ${valid.url}" to robots.txt.`,
        }),
    validitySignal(valid, parsed, where),
    urlsSignal(artifacts, entries),
    lastmodSignal(entries),
  ]);
}

/** No usable sitemap: one finding for the cause (missing, broken, slow, or not measured). */
function noSitemap(artifacts: ScanArtifacts): Check {
  const tried = artifacts.sitemaps;
  if (tried.length > 0 && tried.every((sitemap) => isScannerFailure(sitemap.fetched))) {
    const why = { cause: 'scanner', note: 'the sitemap' } as const;
    return buildCheck(SITEMAP_CHECK, [
      unverifiable('discoverable', POINTS.discoverable, why, {
        id: 'sitemap.unreadable',
        state: 'unknown',
        text: `No sitemap could be fetched by the scanner (${tried.map((s) => describeFailure(s.fetched)).join('; ')}); not scored.`,
      }),
      ...(['valid', 'urls', 'lastmod'] as const).map((key) => unverifiable(key, POINTS[key], why)),
    ]);
  }
  return buildCheck(SITEMAP_CHECK, [
    fail('discoverable', POINTS.discoverable, noSitemapFinding(artifacts)),
    fail('valid', POINTS.valid),
    fail('urls', POINTS.urls),
    fail('lastmod', POINTS.lastmod),
  ]);
}

function noSitemapFinding(artifacts: ScanArtifacts): Finding {
  const tried = triedSitemaps(artifacts);
  const slow = artifacts.sitemaps.find((sitemap) => sitemap.fetched.kind === 'timeout');
  const bad = (id: FindingId, text: string): Finding => ({ id, state: 'bad', text });
  if (slow !== undefined && slow.fetched.kind === 'timeout') {
    return bad(
      'sitemap.slow',
      `${shortUrl(slow.url, artifacts.origin)} did not answer within ${seconds(slow.fetched.budgetMs)}; crawlers give up on slow sitemaps, so it counts as missing (tried ${tried}). Serve the sitemap fast, e.g. as a static file.`,
    );
  }
  if (artifacts.sitemaps.some((sitemap) => sitemap.source === 'robots')) {
    return bad(
      'sitemap.named_unusable',
      `robots.txt names a sitemap, but none is usable: ${tried}. Fix the sitemap so it returns XML.`,
    );
  }
  return bad(
    'sitemap.missing',
    `No sitemap found (tried ${tried || '/sitemap.xml'}). Publish /sitemap.xml and add a "Sitemap:" line to robots.txt.`,
  );
}

function validitySignal(sitemap: SitemapArtifact, parsed: ParsedSitemap, where: string): Signal {
  const problems: string[] = [];
  if (parsed.namespace !== SITEMAP_NAMESPACE) {
    problems.push(`the root <${parsed.root}> lacks xmlns="${SITEMAP_NAMESPACE}"`);
  }
  if (isResponse(sitemap.fetched) && sitemap.fetched.truncated) {
    problems.push('it is larger than the 2 MiB we read; split it with a sitemap index');
  }
  if (parsed.kind === 'sitemapindex' && sitemap.child !== undefined && !isOk(sitemap.child)) {
    problems.push(`its first child sitemap answered ${describeFailure(sitemap.child)}`);
  }
  if (problems.length === 0) {
    return pass('valid', POINTS.valid, {
      id: 'sitemap.valid',
      state: 'good',
      text: `${where} is a valid <${parsed.root}> in the sitemaps.org namespace.`,
    });
  }
  return partial('valid', POINTS.valid, 0.5, {
    id: 'sitemap.format_problems',
    state: 'warn',
    text: `${where} parses as a sitemap, but ${problems.join('; ')}.`,
  });
}

interface Entry {
  loc: string;
  lastmod: string | undefined;
}

function entriesOf(sitemap: SitemapArtifact, parsed: ParsedSitemap): Entry[] {
  if (parsed.kind === 'sitemapindex') {
    return isOk(sitemap.child) ? parseSitemap(sitemap.child.text).entries : [];
  }
  return parsed.entries;
}

function urlsSignal(artifacts: ScanArtifacts, entries: readonly Entry[]): Signal {
  if (entries.length === 0) {
    return fail('urls', POINTS.urls, {
      id: 'sitemap.no_urls',
      state: 'bad',
      text: 'The sitemap lists no URLs.',
    });
  }
  const bad = entries.filter(
    (entry) => !/^https?:\/\//i.test(entry.loc) || !isSameSite(entry.loc, artifacts.origin),
  );
  if (bad.length > 0) {
    return partial('urls', POINTS.urls, 0.5, {
      id: 'sitemap.foreign_urls',
      state: 'warn',
      text: `${bad.length} of ${entries.length} sitemap URLs are relative or on another site (e.g. ${bad[0]?.loc}). Use absolute URLs on this site.`,
    });
  }
  const samples = artifacts.sitemapSamples;
  const homepageUrl = `${artifacts.origin}/`;
  if (samples.length === 0 && entries.every((entry) => entry.loc === homepageUrl)) {
    return pass('urls', POINTS.urls, {
      id: 'sitemap.homepage_only',
      state: 'good',
      text: 'The sitemap lists only the homepage, which answers; list your other pages too.',
    });
  }
  if (samples.length === 0) {
    return unverifiable('urls', POINTS.urls, {
      cause: 'outside',
      note: 'whether the sitemap URLs answer (robots.txt does not let us sample them)',
    });
  }
  if (samples.every(isScannerFailure)) {
    return unverifiable('urls', POINTS.urls, {
      cause: 'scanner',
      note: `the sampled sitemap URLs (${describeFailure(samples[0] as Fetched)})`,
    });
  }
  const broken = samples.filter((sample) => !isOk(sample) && !isScannerFailure(sample));
  if (broken.length > 0) {
    return partial('urls', POINTS.urls, 1 - broken.length / samples.length, {
      id: 'sitemap.dead_urls',
      state: 'bad',
      text: `${broken.length} of ${samples.length} sampled sitemap URLs do not answer 2xx (${broken.map((b) => `${shortUrl(b.url, artifacts.origin)}: ${describeFailure(b)}`).join(', ')}). Remove dead URLs from the sitemap.`,
    });
  }
  return pass('urls', POINTS.urls, {
    id: 'sitemap.urls_ok',
    state: 'good',
    text: `Sitemap URLs are absolute and the ${samples.length} sampled answer 2xx.`,
  });
}

function lastmodSignal(entries: readonly Entry[]): Signal {
  if (entries.length === 0) {
    return fail('lastmod', POINTS.lastmod);
  }
  const sampled = entries.slice(0, 500);
  const withDate = sampled.filter((entry) => entry.lastmod !== undefined && entry.lastmod !== '');
  if (withDate.length / sampled.length >= 0.5) {
    return pass('lastmod', POINTS.lastmod, {
      id: 'sitemap.lastmod_ok',
      state: 'good',
      text: `${withDate.length} of ${sampled.length} sitemap entries carry <lastmod>.`,
    });
  }
  return fail('lastmod', POINTS.lastmod, {
    id: 'sitemap.lastmod_missing',
    state: 'warn',
    text: `Only ${withDate.length} of ${sampled.length} sitemap entries carry <lastmod>; add it so crawlers re-fetch what changed.`,
  });
}

/** "/sitemap.xml (HTTP 404), /x.xml (...)", or one reason for all when they share it. */
function triedSitemaps(artifacts: ScanArtifacts): string {
  const entries = artifacts.sitemaps.map((sitemap) => ({
    where: shortUrl(sitemap.url, artifacts.origin),
    why: whyInvalid(sitemap.fetched),
  }));
  const reasons = new Set(entries.map((entry) => entry.why));
  if (entries.length > 1 && reasons.size === 1) {
    return `${entries.map((entry) => entry.where).join(', ')}: each ${[...reasons][0]}`;
  }
  return entries.map((entry) => `${entry.where} (${entry.why})`).join(', ');
}

function parsedIfValid(fetched: Fetched): ParsedSitemap | undefined {
  if (!isOk(fetched) || looksLikeHtml(fetched.text)) {
    return undefined;
  }
  const parsed = parseSitemap(fetched.text);
  return parsed.kind === 'other' ? undefined : parsed;
}

function whyInvalid(fetched: Fetched): string {
  if (!isResponse(fetched)) {
    return describeFailure(fetched);
  }
  if (!isOk(fetched)) {
    return describeFailure(fetched);
  }
  if (looksLikeHtml(fetched.text)) {
    return 'an HTML page, not XML';
  }
  return 'not a <urlset> or <sitemapindex>';
}
