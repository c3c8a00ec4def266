/**
 * Check 6 `schema` (E, 12): structured data and page metadata that let an agent say what the
 * site is without guessing. When the homepage is a JavaScript shell, absent JSON-LD and Open
 * Graph are not scored (N/A): `render` already carries that penalty, and a shell's missing
 * metadata is a consequence, not a second defect.
 */
import { isOk, type ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import {
  classifySite,
  homepageFacts,
  jsonLdOf,
  noHomepageFinding,
  pageFacts,
} from '#shared/domain/scan-engine/context';
import type { PageFacts } from '#shared/domain/scan-engine/html';
import {
  hasType,
  type JsonLdSummary,
  type JsonObject,
  stringProp,
} from '#shared/domain/scan-engine/parse/json-ld';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  partial,
  pass,
  type Signal,
} from '#shared/domain/scan-engine/scoring';
import type { Check } from '#shared/domain/scan-engine/types';
import { renderVerdict } from './render.ts';

export const SCHEMA_CHECK: CheckDefinition = {
  id: 'schema',
  pillar: 'E',
  title: 'Structured data and metadata',
};

const POINTS = { jsonLd: 2, identity: 3, typeFit: 3, metadata: 2, openGraph: 2 } as const;
export const IDENTITY_TYPES = [
  'Organization',
  'Corporation',
  'LocalBusiness',
  'Person',
  'NGO',
  'EducationalOrganization',
  'GovernmentOrganization',
  'NewsMediaOrganization',
  'OnlineStore',
] as const;
const ARTICLE_TYPES = ['Article', 'BlogPosting', 'NewsArticle', 'TechArticle', 'Report'];
const OG_REQUIRED = ['og:title', 'og:type', 'og:image', 'og:url'] as const;

export function evaluateSchema(artifacts: ScanArtifacts): Check {
  const facts = homepageFacts(artifacts);
  if (facts === undefined) {
    return buildCheck(SCHEMA_CHECK, [
      fail('json-ld', POINTS.jsonLd, noHomepageFinding('schema.no_homepage')),
      fail('identity', POINTS.identity),
      notApplicable('type-fit', POINTS.typeFit),
      fail('metadata', POINTS.metadata),
      fail('open-graph', POINTS.openGraph),
    ]);
  }
  const shell = renderVerdict(facts) === 'shell';
  const jsonLd = jsonLdOf(facts);
  return buildCheck(SCHEMA_CHECK, [
    jsonLdSignal(facts, jsonLd, shell),
    identitySignal(jsonLd.nodes, shell && jsonLd.blocks === 0),
    typeFitSignal(artifacts, jsonLd.nodes),
    metadataSignal(facts),
    openGraphSignal(facts, shell),
  ]);
}

/** Whether the homepage's JSON-LD blocks parse; microdata or RDFa alone earns half. */
function jsonLdSignal(facts: PageFacts, jsonLd: JsonLdSummary, shell: boolean): Signal {
  if (jsonLd.blocks === 0) {
    if (facts.hasMicrodataOrRdfa) {
      return partial('json-ld', POINTS.jsonLd, 0.5, {
        id: 'schema.microdata_only',
        state: 'warn',
        text: 'Structured data is only in microdata/RDFa; agents read JSON-LD most reliably. Add a <script type="application/ld+json"> block.',
      });
    }
    if (shell) {
      return shellNotScored('json-ld', POINTS.jsonLd, 'JSON-LD', 'schema.shell_no_json_ld');
    }
    return fail('json-ld', POINTS.jsonLd, {
      id: 'schema.no_json_ld',
      state: 'bad',
      text: 'No JSON-LD on the homepage. Add schema.org JSON-LD describing your organization and website.',
    });
  }
  if (jsonLd.invalidBlocks > 0) {
    return partial('json-ld', POINTS.jsonLd, 0.5, {
      id: 'schema.invalid_json_ld',
      state: 'bad',
      text: `${jsonLd.invalidBlocks} of ${jsonLd.blocks} JSON-LD blocks are not valid JSON; fix them (agents skip broken blocks).`,
    });
  }
  return pass('json-ld', POINTS.jsonLd, {
    id: 'schema.json_ld_ok',
    state: 'good',
    text: `${jsonLd.blocks} JSON-LD block(s) parse (${jsonLd.nodes.length} typed node(s)).`,
  });
}

function shellNotScored(
  key: string,
  points: number,
  what: string,
  id: 'schema.shell_no_json_ld' | 'schema.shell_no_open_graph',
): Signal {
  return notApplicable(key, points, {
    id,
    state: 'info',
    text: `No ${what} in the static HTML; not scored separately because the homepage is a JavaScript shell (see render).`,
  });
}

function identitySignal(nodes: readonly JsonObject[], shellWithoutJsonLd: boolean): Signal {
  if (shellWithoutJsonLd) {
    return notApplicable('identity', POINTS.identity);
  }
  const identity = nodes.find((node) => hasType(node, IDENTITY_TYPES));
  const website = nodes.find((node) => hasType(node, ['WebSite']));
  const problems: string[] = [];
  let earned = 0;
  if (identity === undefined) {
    problems.push('no Organization, LocalBusiness or Person node');
  } else {
    const name = stringProp(identity, 'name');
    const url = stringProp(identity, 'url');
    const needsLogo = !hasType(identity, ['Person']);
    const logo = stringProp(identity, 'logo') ?? stringProp(identity, 'image');
    const missing = [name ? '' : 'name', url ? '' : 'url', needsLogo && !logo ? 'logo' : ''].filter(
      Boolean,
    );
    earned += missing.length === 0 ? 2 : missing.length === 1 ? 1 : 0.5;
    if (missing.length > 0) {
      problems.push(`the identity node lacks ${missing.join(', ')}`);
    }
  }
  if (website === undefined) {
    problems.push('no WebSite node');
  } else {
    earned += 1;
  }
  if (problems.length === 0) {
    return pass('identity', POINTS.identity, {
      id: 'schema.identity_ok',
      state: 'good',
      text: `JSON-LD names the ${identity ? (stringProp(identity, '@type') ?? 'organization') : ''} "${identity ? stringProp(identity, 'name') : ''}" and a WebSite.`,
    });
  }
  return partial('identity', POINTS.identity, earned / POINTS.identity, {
    id: 'schema.identity_incomplete',
    state: earned === 0 ? 'bad' : 'warn',
    text: `Identity markup incomplete: ${problems.join('; ')}. Publish an Organization (name, url, logo) and a WebSite node.`,
  });
}

function typeFitSignal(artifacts: ScanArtifacts, homepageNodes: readonly JsonObject[]): Signal {
  const inner = artifacts.innerPage?.fetched;
  const innerFacts = isOk(inner) ? pageFacts(inner) : undefined;
  const innerNodes = jsonLdOf(innerFacts).nodes;
  const nodes = [...homepageNodes, ...innerNodes];
  const site = classifySite(artifacts);

  if (site.type === 'commerce') {
    const product = nodes.find((node) => hasType(node, ['Product']));
    const offers = product?.offers;
    const offer = Array.isArray(offers) ? offers[0] : offers;
    const priced =
      typeof offer === 'object' && offer !== null && 'price' in offer && 'priceCurrency' in offer;
    if (product !== undefined && priced) {
      return pass('type-fit', POINTS.typeFit, {
        id: 'schema.product_ok',
        state: 'good',
        text: 'Product markup with name and offers (price, priceCurrency) is present.',
      });
    }
    return partial('type-fit', POINTS.typeFit, product !== undefined ? 0.5 : 0, {
      id: product !== undefined ? 'schema.product_offers_missing' : 'schema.product_missing',
      state: 'bad',
      text: `This looks like a shop (${site.evidence.join(', ')}) but ${product ? 'Product markup lacks offers with price and priceCurrency' : 'no Product markup was found on the sampled pages'}. Agents compare products from this data.`,
    });
  }

  const isArticle =
    (innerFacts?.articleCount ?? 0) > 0 || innerFacts?.meta.get('og:type') === 'article';
  if (isArticle) {
    const article = nodes.find((node) => hasType(node, ARTICLE_TYPES));
    if (article !== undefined && (article.datePublished || article.dateModified)) {
      return pass('type-fit', POINTS.typeFit, {
        id: 'schema.article_ok',
        state: 'good',
        text: 'Article pages carry Article/BlogPosting markup with dates.',
      });
    }
    return partial('type-fit', POINTS.typeFit, article !== undefined ? 0.5 : 0, {
      id: article !== undefined ? 'schema.article_dates_missing' : 'schema.article_markup_missing',
      state: 'warn',
      text: `The sampled inner page is an article, but ${article ? 'its markup has no datePublished/dateModified' : 'it has no Article/BlogPosting markup'}. Add it so agents can cite and date it.`,
    });
  }
  return notApplicable('type-fit', POINTS.typeFit, {
    id: 'schema.type_fit_na',
    state: 'info',
    text: 'No product or article pages detected; content-type markup not applicable.',
  });
}

function metadataSignal(facts: PageFacts): Signal {
  const description = facts.meta.get('description') ?? '';
  const canonical = facts.linkElements.some(
    (link) => link.rel.includes('canonical') && link.href !== '',
  );
  const present = {
    '<title>': facts.title !== '',
    'meta description': description.trim() !== '',
    'rel=canonical': canonical,
    '<html lang>': facts.lang.trim() !== '',
  };
  const missing = Object.entries(present)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  const fraction = (4 - missing.length) / 4;
  if (missing.length === 0) {
    return pass('metadata', POINTS.metadata, {
      id: 'schema.metadata_ok',
      state: 'good',
      text: 'Title, meta description, canonical URL and language are set.',
    });
  }
  return partial('metadata', POINTS.metadata, fraction, {
    id: 'schema.metadata_missing',
    state: fraction >= 0.5 ? 'warn' : 'bad',
    text: `Page metadata missing: ${missing.join(', ')}.`,
  });
}

function openGraphSignal(facts: PageFacts, shell: boolean): Signal {
  const missing = OG_REQUIRED.filter((key) => (facts.meta.get(key) ?? '').trim() === '');
  if (missing.length === OG_REQUIRED.length && shell) {
    return shellNotScored(
      'open-graph',
      POINTS.openGraph,
      'Open Graph tags',
      'schema.shell_no_open_graph',
    );
  }
  if (missing.length === 0) {
    return pass('open-graph', POINTS.openGraph, {
      id: 'schema.open_graph_ok',
      state: 'good',
      text: 'The four required Open Graph properties are present.',
    });
  }
  return partial(
    'open-graph',
    POINTS.openGraph,
    (OG_REQUIRED.length - missing.length) / OG_REQUIRED.length,
    {
      id: 'schema.open_graph_missing',
      state: 'warn',
      text: `Open Graph properties missing: ${missing.join(', ')}. Link previews in assistants and chats use them.`,
    },
  );
}
