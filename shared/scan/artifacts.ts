/**
 * What the collector fetched, in the form the checks read. Checks are pure functions of these
 * artifacts, so tests can hand-build them without a server.
 */

/** The result of one fetch attempt as a check sees it. */
export type Fetched =
  | {
      kind: 'response';
      url: string;
      finalUrl: string;
      status: number;
      headers: Record<string, string>;
      text: string;
      truncated: boolean;
      redirectCount: number;
    }
  /** No complete answer in time: the signals that need it are unverifiable, never failed. */
  | { kind: 'timeout'; url: string; message: string }
  /** DNS failure, refused connection, TLS error, too many redirects. */
  | { kind: 'network-error'; url: string; message: string }
  /** Refused by the SSRF policy before any packet was sent. */
  | { kind: 'blocked'; url: string; message: string }
  /** Not attempted: the scan deadline was too close. */
  | { kind: 'skipped'; url: string; message: string };

export type FetchedResponse = Extract<Fetched, { kind: 'response' }>;

/** How the site answers a path that cannot exist (learned from one random probe). */
export interface Soft404Fingerprint {
  /** The probe came back 200 (or another 2xx): the site does not send real 404s everywhere. */
  answers200: boolean;
  contentType: string;
  /** First 2 KiB of the probe body, to recognise the same page served for other paths. */
  bodyPrefix: string;
  bodyLength: number;
}

export interface SitemapArtifact {
  url: string;
  /** "robots": named by a Sitemap: line; "default": found at a well-known default path. */
  source: 'robots' | 'default';
  fetched: Fetched;
  /** For a sitemap index: the one child we followed. */
  child?: Fetched;
}

export interface InnerPageArtifact {
  url: string;
  /** "sitemap" or "nav": where we found the URL. */
  source: 'sitemap' | 'nav';
  /** Undefined when robots.txt disallows our product token for this URL (we did not fetch). */
  fetched?: Fetched;
}

export interface ScanArtifacts {
  /** Final origin after redirects of GET / ("https://www.example.com"). */
  origin: string;
  /** Host of the scan target as given (for same-site decisions). */
  inputHost: string;
  homepage: FetchedResponse;
  /** GET / with Accept: text/markdown. */
  homepageMarkdown: Fetched;
  robots: Fetched;
  soft404: Soft404Fingerprint | undefined;
  /** Every sitemap we looked at, in the order tried; the first useful one is scored. */
  sitemaps: SitemapArtifact[];
  /** Up to three URLs taken from the sitemap and what they returned. */
  sitemapSamples: Fetched[];
  innerPage: InnerPageArtifact | undefined;
  llmsTxt: Fetched;
  llmsFullTxt: Fetched;
  llmsLinks: Fetched[];
  /** /index.md or the alternate markdown href, fetched only when negotiation failed. */
  markdownMirror: Fetched | undefined;
  /** /.well-known/* and other fixed probes, keyed by path ("/.well-known/api-catalog"). */
  probes: Record<string, Fetched>;
  /** OpenAPI documents named by the catalog or a Link header (absolute URL keys). */
  serviceDescriptions: Record<string, Fetched>;
  /** Authorization-server metadata named by protected-resource metadata (absolute URL keys). */
  authServerMetadata: Record<string, Fetched>;
  /** sameAs targets we tried (absolute URL keys). */
  sameAsTargets: Record<string, Fetched>;
  /** Wikidata entity JSON per QID. */
  wikidata: Record<string, Fetched>;
}

export function isResponse(fetched: Fetched | undefined): fetched is FetchedResponse {
  return fetched?.kind === 'response';
}

/** A scanner-side failure: we could not tell, which is never the site's fault. */
export function isScannerFailure(fetched: Fetched | undefined): boolean {
  return (
    fetched !== undefined &&
    (fetched.kind === 'timeout' || fetched.kind === 'network-error' || fetched.kind === 'skipped')
  );
}

/**
 * A 2xx response. Branded so that narrowing with `isOk` is one-sided: a response that is not
 * 2xx is still a response in the false branch.
 */
declare const okBrand: unique symbol;
export type OkResponse = FetchedResponse & { readonly [okBrand]: true };

export function isOk(fetched: Fetched | undefined): fetched is OkResponse {
  return isResponse(fetched) && fetched.status >= 200 && fetched.status < 300;
}

export function contentTypeOf(fetched: FetchedResponse): string {
  return (fetched.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * True when a 2xx answer is really the site's catch-all page: the same body the random probe
 * got, or HTML where a non-HTML resource was asked for.
 */
export function isSoft404(
  fetched: FetchedResponse,
  fingerprint: Soft404Fingerprint | undefined,
): boolean {
  if (fingerprint === undefined || !fingerprint.answers200) {
    return false;
  }
  if (fetched.status < 200 || fetched.status >= 300) {
    return false;
  }
  const sameType = contentTypeOf(fetched) === fingerprint.contentType;
  const prefix = fetched.text.slice(0, 2048);
  return sameType && prefix === fingerprint.bodyPrefix;
}

/** Readable reason for a failed fetch, for findings. */
export function describeFailure(fetched: Fetched): string {
  switch (fetched.kind) {
    case 'response':
      return `HTTP ${fetched.status}`;
    case 'timeout':
      return 'no answer in time';
    case 'network-error':
    case 'blocked':
    case 'skipped':
      return fetched.message;
  }
}

/** Path of a URL relative to its origin, for short findings ("/llms.txt"). */
export function shortUrl(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
}
