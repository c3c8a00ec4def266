/**
 * Registrable domains (eTLD+1) from the public-suffix list, private section included, so that
 * `a.github.io` and `b.github.io` are two sites and `shop.example.co.uk` is `example.co.uk`.
 * One module for every comparison of "same site": the scan engine (is a link, a profile, a
 * redirect on the scanned site?) and the monitor (which cited domain belongs to whom).
 * tldts bundles the list, so no lookup leaves the process.
 */
import { getDomain, parse } from 'tldts';
import { boundedMemo } from '#shared/domain/kernel/memo';

const OPTIONS = { allowPrivateDomains: true } as const;

/**
 * The registrable domain of a host name or URL, lower-case, without `www.`; for hosts that have
 * none (IP literals, `localhost`, a bare public suffix such as `github.io`) the host itself.
 */
export const registrableDomain: (hostOrUrl: string) => string = boundedMemo(
  2048,
  300,
  registrableDomainOnce,
);

function registrableDomainOnce(hostOrUrl: string): string {
  const host = hostOf(hostOrUrl);
  if (host === '') return '';
  const parsed = parse(host, OPTIONS);
  if (parsed.isIp) return host;
  return getDomain(host, OPTIONS) ?? host;
}

/** True when both name the same registrable domain (the same site). */
export function isSameSite(left: string, right: string): boolean {
  const a = registrableDomain(left);
  return a !== '' && a === registrableDomain(right);
}

/** True when `host` is `domain` or one of its subdomains (label boundary, not substring). */
export function isHostWithin(host: string, domain: string): boolean {
  const candidate = hostOf(host);
  const parent = hostOf(domain);
  return candidate === parent || candidate.endsWith(`.${parent}`);
}

function hostOf(hostOrUrl: string): string {
  const trimmed = hostOrUrl.trim().toLowerCase();
  let host = trimmed;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)) {
    try {
      host = new URL(trimmed).hostname;
    } catch {
      return '';
    }
  } else {
    host = trimmed.split(/[/?#]/, 1)[0] ?? '';
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
    if (bracketed) host = bracketed[1] ?? '';
    // host:port, but not a bare IPv6 literal (more than one colon)
    else if (host.split(':').length === 2) host = host.split(':')[0] ?? '';
  }
  host = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}
