/**
 * Reads a sitemaps.org document with htmlparser2 in XML mode: the root element, its namespace
 * and the <loc>/<lastmod> of each entry. Tolerant on purpose; validity is judged by the check.
 */
import { Parser } from 'htmlparser2';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  loc: string;
  lastmod: string | undefined;
}

export interface ParsedSitemap {
  /** Local name of the root element ("urlset", "sitemapindex", "html"...). */
  root: string;
  namespace: string;
  kind: 'urlset' | 'sitemapindex' | 'other';
  entries: SitemapEntry[];
}

export function parseSitemap(xml: string): ParsedSitemap {
  const parsed: ParsedSitemap = { root: '', namespace: '', kind: 'other', entries: [] };
  let current: SitemapEntry | undefined;
  let field: 'loc' | 'lastmod' | undefined;
  let buffer = '';

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        if (parsed.root === '') {
          parsed.root = local;
          parsed.namespace = attributes.xmlns ?? '';
          parsed.kind = local === 'urlset' || local === 'sitemapindex' ? local : 'other';
          return;
        }
        if (local === 'url' || local === 'sitemap') {
          current = { loc: '', lastmod: undefined };
        } else if (current !== undefined && (local === 'loc' || local === 'lastmod')) {
          field = local;
          buffer = '';
        }
      },
      ontext(text) {
        if (field !== undefined) {
          buffer += text;
        }
      },
      onclosetag(name) {
        const local = localName(name);
        if (field !== undefined && local === field && current !== undefined) {
          current[field] = buffer.trim();
          field = undefined;
        } else if ((local === 'url' || local === 'sitemap') && current !== undefined) {
          if (current.loc !== '') {
            parsed.entries.push(current);
          }
          current = undefined;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return parsed;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}
