/**
 * "Same site" decisions for follow-up fetches, on the public-suffix list
 * (`#shared/net/registrable-domain`): `a.github.io` and `b.github.io` are two sites. They only
 * decide which follow-ups we fetch, never which addresses we may connect to (that is the SSRF
 * policy's job).
 */
import { isSameSite as sameRegistrableDomain } from '#shared/domain/kernel/net/registrable-domain';

export { registrableDomain } from '#shared/domain/kernel/net/registrable-domain';

/** Both are http(s) URLs on the same registrable domain. */
export function isSameSite(url: string, origin: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(origin);
    if (!isHttp(a) || !isHttp(b)) {
      return false;
    }
    return sameRegistrableDomain(a.hostname, b.hostname);
  } catch {
    return false;
  }
}

/** Resolves `href` against `base`; undefined when it is not an http(s) URL. */
export function absoluteUrl(href: string, base: string): string | undefined {
  try {
    const url = new URL(href, base);
    if (!isHttp(url)) {
      return undefined;
    }
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

export function originOf(url: string): string {
  return new URL(url).origin;
}

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}
