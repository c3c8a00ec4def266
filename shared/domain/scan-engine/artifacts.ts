/**
 * What the collector fetched, in the form the checks read. Checks are pure functions of these
 * artifacts, so tests can hand-build them without a server.
 */
import type { UnreachableReason } from '#shared/domain/kernel/net/fetch-errors';
import { looksLikeHtml } from './html.ts';

/** What stood between the scanner and a document of the site (walls.ts decides). */
export interface Wall {
  /** challenge page, WAF block, rate limit, or a 402 asking agents to pay. */
  kind: 'challenge' | 'waf' | 'rate-limit' | 'payment';
  /** Who or what answered, in words ("a Cloudflare challenge page"). */
  by: string;
  /** What shows it: status, the header or the body words that gave it away. */
  evidence: string;
}

/** The site's catch-all page served where a real document was asked for (a soft 404). */
export interface CatchAllAnswer {
  /** Media type of the catch-all body ("application/json", "text/html", "" when untyped). */
  contentType: string;
  /** The first characters of the body, for findings. */
  preview: string;
}

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
      /** From sending the request to the end of the body, in ms (peers: Lighthouse waits 2 s). */
      elapsedMs?: number;
      /** The body began with a UTF-8 byte-order mark (decoding removes it from `text`). */
      bom?: boolean;
      /**
       * Set when a 2xx answer is the same body the site sends for paths that cannot exist:
       * the document is missing, whatever the status says (`isOk` is false for it).
       */
      catchAll?: CatchAllAnswer;
    }
  /**
   * The site had the request's whole budget and did not answer: the site is too slow for an
   * agent, which counts like a missing document (a slower site never scores higher).
   */
  | { kind: 'timeout'; url: string; message: string; budgetMs: number }
  /** The site redirected more than five times (a loop, usually): its defect, not ours. */
  | { kind: 'redirect-loop'; url: string; message: string }
  /** DNS failure, refused or reset connection, TLS error: we could not tell. */
  | { kind: 'network-error'; url: string; message: string; reason?: UnreachableReason }
  /**
   * Refused by the SSRF policy before any packet was sent; `offline` when only because the
   * service runs offline (OFFLINE_DNS=1) and the destination is not loopback.
   */
  | { kind: 'blocked'; url: string; message: string; offline?: boolean }
  /**
   * Not attempted or cut short by the scanner itself (the scan deadline was spent elsewhere,
   * or the platform does not answer anonymous clients): unknown, never the site's fault.
   */
  | { kind: 'skipped'; url: string; message: string }
  /**
   * Something other than the site answered: a challenge page, a WAF block, a rate limit, or a
   * 402 asking agents to pay (walls.ts). The check that needed it is not judged on it (never the
   * site's failure); `response` is what came back, for the findings that read it.
   */
  | { kind: 'walled'; url: string; message: string; wall: Wall; response: FetchedResponse };

export type FetchedResponse = Extract<Fetched, { kind: 'response' }>;

/**
 * What DNS said about `_agent.<host>` (DNS-AID / AID v2): its TXT records, that there are none,
 * that DNS could not be asked (offline: OFFLINE_DNS=1, or no resolver), or a lookup failure.
 */
export type DnsAidAnswer =
  | { kind: 'records'; name: string; records: string[] }
  | { kind: 'none'; name: string }
  | { kind: 'offline'; name: string }
  | { kind: 'error'; name: string; message: string };

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

/** The site's own pages an agent would fetch besides the homepage (not necessarily fetched). */
export interface PageSample {
  urls: string[];
  source: 'sitemap' | 'links' | 'none';
}

export interface ScanArtifacts {
  /** Final origin after redirects of GET / ("https://www.example.com"). */
  origin: string;
  /** Host of the scan target as given (for same-site decisions). */
  inputHost: string;
  /**
   * GET / as HTML. A response, or the `timeout` of a host that accepted the connection but
   * did not answer in time (hosts that cannot be reached at all fail the scan instead).
   */
  homepage: Fetched;
  /** GET / with Accept: text/markdown. */
  homepageMarkdown: Fetched;
  robots: Fetched;
  /** Every sitemap we looked at, in the order tried; the first useful one is scored. */
  sitemaps: SitemapArtifact[];
  /** Up to three URLs taken from the sitemap and what they returned. */
  sitemapSamples: Fetched[];
  innerPage: InnerPageArtifact | undefined;
  /** The pages the crawler verdict is judged on, besides the homepage's final URL. */
  pageSample: PageSample;
  llmsTxt: Fetched;
  llmsFullTxt: Fetched;
  llmsLinks: Fetched[];
  /** /index.md or the alternate markdown href, fetched only when negotiation failed. */
  markdownMirror: Fetched | undefined;
  /** /.well-known/* and other fixed probes, keyed by path ("/.well-known/api-catalog"). */
  probes: Record<string, Fetched>;
  /** OpenAPI documents named by the catalog or a Link header (absolute URL keys). */
  serviceDescriptions: Record<string, Fetched>;
  /** MCP Server Cards named by catalog entries, fetched with the card media type (URL keys). */
  catalogCards: Record<string, Fetched>;
  /** Authorization-server metadata named by protected-resource metadata (absolute URL keys). */
  authServerMetadata: Record<string, Fetched>;
  /** JWK Sets named by the A2A card's signatures (`jku`, same origin; absolute URL keys). */
  a2aKeySets?: Record<string, Fetched>;
  /** Agent catalogs named by a robots.txt Agentmap line or a rel link, off the well-known paths. */
  hintedCatalogs?: Record<string, Fetched>;
  /**
   * llms.txt files in a subpath that the homepage names with rel="describedby" (llms.txt v2: a
   * file covers the pages under its path, the most specific one wins; absolute URL keys).
   */
  llmsSubpaths?: Record<string, Fetched>;
  /** The DNS-AID TXT lookup of `_agent.<host>` (dns-aid.ts), when the scan could make it. */
  dnsAid?: DnsAidAnswer;
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
    (fetched.kind === 'network-error' ||
      fetched.kind === 'skipped' ||
      fetched.kind === 'blocked' ||
      fetched.kind === 'walled')
  );
}

/**
 * A 2xx response that is a real document (not the site's catch-all). Branded so that
 * narrowing with `isOk` is one-sided: a response that is not OK is still a response in the
 * false branch.
 */
declare const okBrand: unique symbol;
export type OkResponse = FetchedResponse & { readonly [okBrand]: true };

export function isOk(fetched: Fetched | undefined): fetched is OkResponse {
  return (
    isResponse(fetched) &&
    fetched.status >= 200 &&
    fetched.status < 300 &&
    fetched.catchAll === undefined
  );
}

export function contentTypeOf(fetched: FetchedResponse): string {
  return (fetched.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Seconds, as findings print them ("6 s", "2.3 s"). */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/** What a catch-all answer really was, in words: "the same application/json body ...". */
export function describeCatchAll(answer: CatchAllAnswer): string {
  const type = answer.contentType === '' ? 'untyped' : answer.contentType;
  const what = answer.contentType.includes('html') ? 'HTML page' : `${type} body`;
  // The body's start as code (`...`, shown as code by the pages), never as an escaped string.
  const text = answer.preview.replace(/\s+/g, ' ').replaceAll('`', "'").trim();
  const preview = text === '' ? '' : ` (\`${text}\`)`;
  return `the same ${what} the site returns for any unknown path${preview}, a soft 404`;
}

/** Readable reason for a failed fetch, for findings. */
export function describeFailure(fetched: Fetched): string {
  switch (fetched.kind) {
    case 'response':
      return fetched.catchAll !== undefined
        ? `HTTP ${fetched.status} with ${describeCatchAll(fetched.catchAll)}`
        : `HTTP ${fetched.status}`;
    case 'timeout':
      return `no answer within ${seconds(fetched.budgetMs)}`;
    case 'redirect-loop':
      return 'more than 5 redirects (a redirect loop)';
    case 'network-error':
    case 'blocked':
    case 'skipped':
    case 'walled':
      return fetched.message;
  }
}

/** Path of a URL relative to its origin, for short findings ("/llms.txt"). */
export function shortUrl(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
}

export function isHtmlResponse(fetched: Fetched | undefined): fetched is FetchedResponse {
  if (!isResponse(fetched)) {
    return false;
  }
  const type = contentTypeOf(fetched);
  return (
    type === 'text/html' ||
    type === 'application/xhtml+xml' ||
    (type === '' && looksLikeHtml(fetched.text))
  );
}

export function isJsonResponse(fetched: FetchedResponse): boolean {
  const type = contentTypeOf(fetched);
  return type === 'application/json' || type.endsWith('+json');
}

export function isMarkdownResponse(fetched: Fetched | undefined): fetched is OkResponse {
  return (
    isOk(fetched) && contentTypeOf(fetched) === 'text/markdown' && !looksLikeHtml(fetched.text)
  );
}

/** The homepage when it delivered a page: a 2xx HTML response. */
export function homepagePage(artifacts: ScanArtifacts): OkResponse | undefined {
  const homepage = artifacts.homepage;
  return isOk(homepage) && isHtmlResponse(homepage) ? homepage : undefined;
}

/** Headers of the homepage answer, empty when it did not answer. */
export function homepageHeaders(artifacts: ScanArtifacts): Record<string, string> {
  return isResponse(artifacts.homepage) ? artifacts.homepage.headers : {};
}
