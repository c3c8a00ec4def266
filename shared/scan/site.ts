/**
 * "Same site" decisions for follow-up fetches. Without a public-suffix list in the project we
 * approximate the registrable domain: the last two labels, or three when the second-to-last is
 * a common second-level label under a two-letter country code ("example.co.uk"). IP literals
 * and single-label hosts are their own site. The approximation only decides which follow-ups
 * we fetch, never which addresses we may connect to (that is the SSRF policy's job).
 */

const SECOND_LEVEL_LABELS = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or']);

export function registrableDomain(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, '').replace(/:\d+$/, '');
  if (name.startsWith('[') || /^\d+(\.\d+){3}$/.test(name)) {
    return name;
  }
  const labels = name.split('.');
  if (labels.length <= 2) {
    return name;
  }
  const tld = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const take = tld.length === 2 && SECOND_LEVEL_LABELS.has(second) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Both URLs belong to the same registrable domain (and, for IP hosts, the same host). */
export function isSameSite(url: string, origin: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(origin);
    if (a.protocol !== 'http:' && a.protocol !== 'https:') {
      return false;
    }
    const aHost = a.hostname;
    const bHost = b.hostname;
    if (isIpHost(aHost) || isIpHost(bHost)) {
      return a.host === b.host;
    }
    return registrableDomain(aHost) === registrableDomain(bHost);
  } catch {
    return false;
  }
}

/** Resolves `href` against `base`; undefined when it is not an http(s) URL. */
export function absoluteUrl(href: string, base: string): string | undefined {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return undefined;
    }
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

function isIpHost(host: string): boolean {
  return host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host) || host === 'localhost';
}
