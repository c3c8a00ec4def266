/**
 * The site's own pages an agent would fetch besides the homepage: a spread of the sitemap's
 * URLs on the scanned origin, or, without a sitemap, the homepage's links (navigation first).
 * The crawler verdict is judged on these and on the homepage's final URL, because robots.txt
 * rules apply per path and per origin.
 */
import type { PageSample } from './artifacts.ts';
import type { PageLink } from './html.ts';
import { absoluteUrl, originOf } from './site.ts';

export const PAGE_SAMPLE_SIZE = 5;
const NOT_A_PAGE = /\.(pdf|png|jpe?g|gif|svg|webp|ico|zip|gz|xml|json|txt|md|css|js)$/i;

export function pickPageSample(input: {
  origin: string;
  sitemapUrls: readonly string[];
  anchors: readonly PageLink[];
}): PageSample {
  const fromSitemap = pickSpread(ownPages(input.origin, input.sitemapUrls), PAGE_SAMPLE_SIZE);
  if (fromSitemap.length > 0) {
    return { urls: fromSitemap, source: 'sitemap' };
  }
  const linked = [...input.anchors]
    .sort((a, b) => Number(b.inNav) - Number(a.inNav))
    .map((anchor) => absoluteUrl(anchor.href, `${input.origin}/`))
    .filter((url): url is string => url !== undefined);
  const fromLinks = ownPages(input.origin, linked).slice(0, PAGE_SAMPLE_SIZE);
  return fromLinks.length > 0 ? { urls: fromLinks, source: 'links' } : { urls: [], source: 'none' };
}

/** Distinct pages on `origin`, without the homepage and without non-page files. */
function ownPages(origin: string, urls: readonly string[]): string[] {
  const homepage = `${origin}/`;
  const pages = urls.filter((url) => {
    try {
      return (
        originOf(url) === origin && url !== homepage && !NOT_A_PAGE.test(new URL(url).pathname)
      );
    } catch {
      return false;
    }
  });
  return [...new Set(pages)];
}

/** Spread picks (first, middle, last...) so samples are not all from one section. */
export function pickSpread<T>(items: readonly T[], count: number): T[] {
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
