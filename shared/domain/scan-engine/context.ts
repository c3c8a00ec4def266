/**
 * Facts derived from artifacts that several checks share (parsed homepage, JSON-LD, robots
 * rules, site type). Computed on demand and cached per artifact object, so checks stay pure
 * functions of `ScanArtifacts` and tests can call any check on its own.
 */
import {
  type Fetched,
  type FetchedResponse,
  homepageHeaders,
  homepagePage,
  isHtmlResponse,
  isJsonResponse,
  isOk,
  type ScanArtifacts,
} from './artifacts.ts';
import { type PageFacts, parseHtml } from './html.ts';
import {
  hasType,
  isObject,
  type JsonLdSummary,
  parseJson,
  summariseJsonLd,
} from './parse/json-ld.ts';
import { linksetHrefs } from './parse/links.ts';
import { type RobotsPolicy, robotsPolicyOf } from './robots-policy.ts';
import type { Finding } from './types.ts';

const pageCache = new WeakMap<FetchedResponse, PageFacts>();
const jsonLdCache = new WeakMap<PageFacts, JsonLdSummary>();
const robotsCache = new WeakMap<Fetched, RobotsPolicy>();

/** Parsed HTML of a response, or undefined when it is not HTML. */
export function pageFacts(response: FetchedResponse | undefined): PageFacts | undefined {
  if (response === undefined || !isHtmlResponse(response)) {
    return undefined;
  }
  let facts = pageCache.get(response);
  if (facts === undefined) {
    facts = parseHtml(response.text);
    pageCache.set(response, facts);
  }
  return facts;
}

export function jsonLdOf(facts: PageFacts | undefined): JsonLdSummary {
  if (facts === undefined) {
    return { blocks: 0, invalidBlocks: 0, nodes: [] };
  }
  let summary = jsonLdCache.get(facts);
  if (summary === undefined) {
    summary = summariseJsonLd(facts.jsonLdBlocks);
    jsonLdCache.set(facts, summary);
  }
  return summary;
}

/** Parsed HTML of the homepage when it delivered a page (2xx HTML); undefined otherwise. */
export function homepageFacts(artifacts: ScanArtifacts): PageFacts | undefined {
  return pageFacts(homepagePage(artifacts));
}

/** For checks that read the homepage when it delivered no page: the cause is reported once. */
export function noHomepageFinding(id: 'schema.no_homepage' | 'entity.no_homepage'): Finding {
  return {
    id,
    state: 'info',
    text: 'Not scored separately: the homepage delivered no page to read (see "Content readable without JavaScript").',
  };
}

export function robotsPolicy(artifacts: ScanArtifacts): RobotsPolicy {
  let policy = robotsCache.get(artifacts.robots);
  if (policy === undefined) {
    policy = robotsPolicyOf(artifacts.robots);
    robotsCache.set(artifacts.robots, policy);
  }
  return policy;
}

export type SiteType = 'content' | 'app' | 'commerce';

export interface SiteClassification {
  type: SiteType;
  /** Why, in words, for the finding. */
  evidence: string[];
}

const APP_LINK =
  /\/(log-?in|sign-?in|sign-?up|register|dashboard|account|console|api|developers?|docs\/api)(\/|$|\?)/i;
const COMMERCE_LINK = /\/(cart|checkout|basket|shop|products?)(\/|$|\?)/i;

/**
 * content, app or commerce, from the homepage and the artifacts already fetched (no extra
 * requests). It only decides whether the absence of API and agent artifacts is N/A.
 */
export function classifySite(artifacts: ScanArtifacts): SiteClassification {
  const facts = homepageFacts(artifacts);
  const hrefs = (facts?.anchors ?? []).map((anchor) => anchor.href);
  const commerce = commerceEvidence(artifacts, facts, hrefs);
  if (commerce.length > 0) {
    return { type: 'commerce', evidence: commerce };
  }
  const app = appEvidence(artifacts, hrefs);
  if (app.length > 0) {
    return { type: 'app', evidence: app };
  }
  return { type: 'content', evidence: ['no API, login or commerce signals on the homepage'] };
}

/** Signs of a shop: product structured data, cart or shop links, a shop platform. */
function commerceEvidence(
  artifacts: ScanArtifacts,
  facts: PageFacts | undefined,
  hrefs: readonly string[],
): string[] {
  const commerce: string[] = [];
  const nodes = jsonLdOf(facts).nodes;
  if (nodes.some((node) => hasType(node, ['Product', 'Offer', 'Store', 'OnlineStore']))) {
    commerce.push('Product/Store structured data');
  }
  if (hrefs.some((href) => COMMERCE_LINK.test(href))) {
    commerce.push('cart/checkout/shop links');
  }
  const generator = facts?.meta.get('generator') ?? '';
  if (
    /shopify|woocommerce|magento|bigcommerce/i.test(generator) ||
    /cdn\.shopify\.com/.test(homepagePage(artifacts)?.text.slice(0, 200_000) ?? '')
  ) {
    commerce.push('a shop platform');
  }
  return commerce;
}

/** Signs of an application: a login challenge or links, an API catalog, an OpenAPI document. */
function appEvidence(artifacts: ScanArtifacts, hrefs: readonly string[]): string[] {
  const app: string[] = [];
  if (homepageHeaders(artifacts)['www-authenticate'] !== undefined) {
    app.push('WWW-Authenticate on /');
  }
  if (hrefs.some((href) => APP_LINK.test(href))) {
    app.push('login/sign-up/API/developer links');
  }
  if (catalogListsApis(artifacts.probes['/.well-known/api-catalog'])) {
    app.push('an API catalog');
  }
  if (publishesOpenApi(artifacts)) {
    app.push('an OpenAPI description');
  }
  return app;
}

/** True when the API catalog answered and lists at least one item or service-desc link. */
function catalogListsApis(catalog: Fetched | undefined): boolean {
  if (!isOk(catalog)) return false;
  const document = parseJson(catalog.text);
  return linksetHrefs(document, 'item').length + linksetHrefs(document, 'service-desc').length > 0;
}

/** True when a service description or a usual OpenAPI path answered with an OpenAPI document. */
function publishesOpenApi(artifacts: ScanArtifacts): boolean {
  return [
    ...Object.values(artifacts.serviceDescriptions),
    artifacts.probes['/.well-known/openapi.json'],
    artifacts.probes['/openapi.json'],
  ].some(
    (fetched) =>
      isOk(fetched) && isJsonResponse(fetched) && looksLikeOpenApi(parseJson(fetched.text)),
  );
}

export function looksLikeOpenApi(document: unknown): boolean {
  return (
    isObject(document) &&
    (typeof document.openapi === 'string' || typeof document.swagger === 'string') &&
    isObject(document.paths)
  );
}
