/**
 * Check 7 `api` (A, 12): can an agent discover the site's API and how to authorise against
 * it? Content sites without any API artifact get N/A (unknown, max 0); any artifact that is
 * present is always scored, so a broken catalog on a blog still counts.
 *
 * Soft-404 guard: a probe only passes with a JSON content type and a body of the right shape.
 */
import {
  contentTypeOf,
  describeFailure,
  type Fetched,
  type FetchedResponse,
  homepageHeaders,
  isJsonResponse,
  isOk,
  isScannerFailure,
  type ScanArtifacts,
  shortUrl,
} from '#shared/domain/scan-engine/artifacts';
import { classifySite, homepageFacts, looksLikeOpenApi } from '#shared/domain/scan-engine/context';
import { isObject, parseJson } from '#shared/domain/scan-engine/parse/json-ld';
import { linkHeaderTargets, linksetHrefs } from '#shared/domain/scan-engine/parse/links';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import type { Check, Finding } from '#shared/domain/scan-engine/types';
import { authSignals, findAuthMetadata, jsonProbe } from './api-auth.ts';

export const API_CHECK: CheckDefinition = {
  id: 'api',
  pillar: 'A',
  title: 'API and auth discovery',
};

const POINTS = { catalog: 4, serviceDesc: 3, linkHeader: 1, prm: 2, authServer: 2 } as const;
const CATALOG_PATH = '/.well-known/api-catalog';
const DISCOVERY_RELS = ['api-catalog', 'service-desc', 'service-doc', 'describedby'];

export function evaluateApi(artifacts: ScanArtifacts): Check {
  const site = classifySite(artifacts);
  const catalog = artifacts.probes[CATALOG_PATH];
  const openApi = findOpenApi(artifacts);
  const prm = artifacts.probes['/.well-known/oauth-protected-resource'];
  const authMetadata = findAuthMetadata(artifacts);
  const linkRels = homepageDiscoveryRels(artifacts);

  const anyArtifact =
    jsonProbe(catalog) !== undefined ||
    openApi.found !== undefined ||
    jsonProbe(prm) !== undefined ||
    authMetadata.found !== undefined ||
    linkRels.length > 0;
  const siteFinding: Finding = {
    id: 'api.site_type',
    state: 'info',
    text: `Site type: ${site.type} (${site.evidence.join(', ')}).`,
  };
  if (site.type === 'content' && !anyArtifact) {
    return noApiPublished(siteFinding);
  }
  const signals: Signal[] = [
    catalogSignal(artifacts, catalog),
    serviceDescSignal(artifacts, openApi),
    linkHeaderSignal(linkRels, artifacts.homepage),
    ...authSignals(artifacts, prm, authMetadata, openApi.document),
  ];
  return buildCheck(API_CHECK, signals, [siteFinding]);
}

/** A content site that publishes no API: every signal is N/A, and the finding says why. */
function noApiPublished(siteFinding: Finding): Check {
  return buildCheck(
    API_CHECK,
    [
      notApplicable('catalog', POINTS.catalog),
      notApplicable('service-desc', POINTS.serviceDesc),
      notApplicable('link-header', POINTS.linkHeader),
      notApplicable('prm', POINTS.prm),
      notApplicable('auth-server', POINTS.authServer),
    ],
    [
      {
        id: 'api.not_applicable',
        state: 'unknown',
        text: 'Not applicable: content site with no API published (no api-catalog, OpenAPI or OAuth metadata). Nothing to fix unless you offer an API.',
      },
      siteFinding,
    ],
  );
}

/** Whether the homepage's Link header advertises one of the API discovery relations. */
function linkHeaderSignal(linkRels: readonly string[], homepage: Fetched): Signal {
  if (homepage.kind === 'walled') {
    // A wall answered instead of the homepage: its headers say nothing about the site's.
    return unverifiable('link-header', POINTS.linkHeader, {
      cause: 'scanner',
      note: `the homepage's Link header (${describeFailure(homepage)})`,
    });
  }
  if (linkRels.length > 0) {
    return pass('link-header', POINTS.linkHeader, {
      id: 'api.link_header_ok',
      state: 'good',
      text: `The homepage Link header advertises ${linkRels.join(', ')}.`,
    });
  }
  return fail('link-header', POINTS.linkHeader, {
    id: 'api.no_link_header',
    state: 'warn',
    text: 'The homepage sends no Link header with api-catalog, service-desc, service-doc or describedby; add e.g. Link: </.well-known/api-catalog>; rel="api-catalog".',
  });
}

function catalogSignal(artifacts: ScanArtifacts, catalog: Fetched | undefined): Signal {
  if (catalog === undefined || isScannerFailure(catalog)) {
    return unverifiable('catalog', POINTS.catalog, {
      cause: 'scanner',
      note: `${CATALOG_PATH}${catalog ? ` (${describeFailure(catalog)})` : ''}`,
    });
  }
  if (!isOk(catalog)) {
    return fail('catalog', POINTS.catalog, {
      id: 'api.catalog_missing',
      state: 'bad',
      text: `No API catalog at ${CATALOG_PATH} (${describeFailure(catalog)}). Publish an RFC 9727 linkset listing your APIs and their OpenAPI documents.`,
    });
  }
  const type = contentTypeOf(catalog);
  const document = parseJson(catalog.text);
  const items = [...linksetHrefs(document, 'item'), ...linksetHrefs(document, 'service-desc')];
  if (!isObject(document) || !Array.isArray(document.linkset)) {
    return fail('catalog', POINTS.catalog, {
      id: 'api.catalog_not_linkset',
      state: 'bad',
      text: `${CATALOG_PATH} answers 200 but is not a linkset document (${type || 'no type'}); it may be a catch-all page.`,
    });
  }
  if (items.length === 0) {
    return partial('catalog', POINTS.catalog, 0.25, {
      id: 'api.catalog_empty',
      state: 'warn',
      text: `${CATALOG_PATH} is a linkset but lists no item or service-desc links.`,
    });
  }
  const profile = /profile\s*=\s*"?https:\/\/www\.rfc-editor\.org\/info\/rfc9727/.test(
    catalog.headers['content-type'] ?? '',
  );
  const linked = homepageDiscoveryRels(artifacts).includes('api-catalog');
  if (type !== 'application/linkset+json') {
    return partial('catalog', POINTS.catalog, 0.5, {
      id: 'api.catalog_wrong_type',
      state: 'warn',
      text: `${CATALOG_PATH} lists ${items.length} API link(s) but is served as ${type || 'no type'}; RFC 9727 requires application/linkset+json.`,
    });
  }
  const bonus = profile || linked;
  return partial('catalog', POINTS.catalog, bonus ? 1 : 0.75, {
    ...(bonus
      ? { id: 'api.catalog_ok', state: 'good' }
      : { id: 'api.catalog_unlinked', state: 'warn' }),
    text: bonus
      ? `${CATALOG_PATH} is an application/linkset+json catalog with ${items.length} API link(s)${linked ? ', linked from the homepage' : ''}.`
      : `${CATALOG_PATH} is a valid catalog; add the RFC 9727 profile parameter or a homepage Link rel="api-catalog".`,
  });
}

interface OpenApiLookup {
  found: FetchedResponse | undefined;
  document: Record<string, unknown> | undefined;
  invalid: FetchedResponse | undefined;
  allFailed: boolean;
}

function findOpenApi(artifacts: ScanArtifacts): OpenApiLookup {
  const candidates: Fetched[] = [
    ...Object.values(artifacts.serviceDescriptions),
    ...['/.well-known/openapi.json', '/openapi.json']
      .map((path) => artifacts.probes[path])
      .filter((fetched): fetched is Fetched => fetched !== undefined),
  ];
  let invalid: FetchedResponse | undefined;
  for (const candidate of candidates) {
    if (!isOk(candidate)) {
      continue;
    }
    const document = parseJson(candidate.text);
    if (looksLikeOpenApi(document) && isObject(document)) {
      return { found: candidate, document, invalid: undefined, allFailed: false };
    }
    const declared = Object.values(artifacts.serviceDescriptions).includes(candidate);
    if (declared || isJsonResponse(candidate)) {
      invalid ??= candidate;
    }
  }
  return {
    found: undefined,
    document: undefined,
    invalid,
    allFailed: candidates.length > 0 && candidates.every(isScannerFailure),
  };
}

function serviceDescSignal(artifacts: ScanArtifacts, lookup: OpenApiLookup): Signal {
  if (lookup.found !== undefined) {
    const version = lookup.document?.openapi ?? lookup.document?.swagger;
    const paths = isObject(lookup.document?.paths) ? Object.keys(lookup.document.paths).length : 0;
    return pass('service-desc', POINTS.serviceDesc, {
      id: 'api.openapi_ok',
      state: 'good',
      text: `OpenAPI ${String(version)} description at ${shortUrl(lookup.found.url, artifacts.origin)} with ${paths} path(s).`,
    });
  }
  if (lookup.invalid !== undefined) {
    return partial('service-desc', POINTS.serviceDesc, 1 / 3, {
      id: 'api.openapi_invalid',
      state: 'bad',
      text: `${shortUrl(lookup.invalid.url, artifacts.origin)} is not a parseable OpenAPI document (needs "openapi" and "paths"); fix it.`,
    });
  }
  if (lookup.allFailed) {
    return unverifiable('service-desc', POINTS.serviceDesc, {
      cause: 'scanner',
      note: 'the OpenAPI locations',
    });
  }
  return fail('service-desc', POINTS.serviceDesc, {
    id: 'api.openapi_missing',
    state: 'bad',
    text: 'No OpenAPI description found (catalog service-desc, Link rel=service-desc, /.well-known/openapi.json, /openapi.json). Publish one so agents can call your API.',
  });
}

function homepageDiscoveryRels(artifacts: ScanArtifacts): string[] {
  const header = homepageHeaders(artifacts).link;
  const fromHeader = DISCOVERY_RELS.filter((rel) => linkHeaderTargets(header, rel).length > 0);
  const facts = homepageFacts(artifacts);
  const fromHtml = DISCOVERY_RELS.filter((rel) =>
    (facts?.linkElements ?? []).some((link) => link.rel.includes(rel) && rel !== 'describedby'),
  );
  return [...new Set([...fromHeader, ...fromHtml])];
}
