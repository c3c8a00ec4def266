/**
 * Citations as the provider adapters collect them: URLs, their domains and titles. Only web
 * addresses are kept (http or https, the one rule of kernel/net/web-url.ts): a `javascript:` or
 * `data:` "source" from a provider never reaches the store, the API or a page (issue 36 point 3).
 */
import { isWebUrl } from '#shared/domain/kernel/net/web-url';
import type { Citation } from '#shared/domain/monitor/provider-port';

/**
 * Lower-case host without a leading `www.`, or null when the value is not an absolute URL.
 * Deliberately not reduced to the registrable domain: that needs a public-suffix list, which
 * belongs to the monitor's aggregation, not to the adapters.
 */
export function domainOf(url: string): string | null {
  const parsed = parseUrl(url);
  if (parsed === null || parsed.hostname === '') return null;
  return stripWww(parsed.hostname.toLowerCase());
}

/** Drops the fragment and `utm_*` parameters so the same page cited twice counts once. */
export function normaliseUrl(url: string): string {
  const parsed = parseUrl(url);
  if (parsed === null) return url;
  parsed.hash = '';
  for (const key of [...parsed.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_')) parsed.searchParams.delete(key);
  }
  return parsed.toString();
}

export interface CitationInput {
  url: string;
  title?: string | null | undefined;
  /** Overrides the domain derived from the URL (redirect URLs, Vertex `web.domain`). */
  domain?: string | null | undefined;
  cited: boolean;
}

/**
 * Normalises and de-duplicates by URL. A source that is both retrieved and cited is cited;
 * the first non-empty title wins. Cited sources come first, each group in order of appearance.
 */
export function collectCitations(inputs: readonly CitationInput[]): Citation[] {
  const byUrl = new Map<string, Citation>();
  for (const input of inputs) {
    if (!isWebUrl(input.url.trim())) continue;
    const url = normaliseUrl(input.url.trim());
    const domain = input.domain ? hostName(input.domain) : domainOf(url);
    if (domain === null) continue;
    const title = input.title?.trim() ? input.title.trim() : null;
    const existing = byUrl.get(url);
    if (existing === undefined) {
      byUrl.set(url, { url, domain, title, cited: input.cited });
      continue;
    }
    existing.cited ||= input.cited;
    existing.title ??= title;
  }
  const all = [...byUrl.values()];
  return [...all.filter((c) => c.cited), ...all.filter((c) => !c.cited)];
}

/** A domain a provider names (Vertex `web.domain`, a title): a host name, or null. */
export function hostName(text: string): string | null {
  const host = stripWww(text.trim().toLowerCase());
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(host)
    ? host
    : null;
}

function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The search queries of one answer, trimmed, empty ones dropped, each once in first order. */
export function uniqueQueries(queries: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const query of queries) {
    const text = typeof query === 'string' ? query.trim() : '';
    if (text !== '') seen.add(text);
  }
  return [...seen];
}
