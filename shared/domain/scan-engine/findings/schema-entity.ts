/**
 * Finding types of checks 6 `schema` and 9 `entity` (docs/scan-engine.md "Finding ids").
 */
import { checkCommon, finding, passing } from './spec.ts';

const NO_HOMEPAGE =
  'Make / answer 200 with HTML (see the render check); this check is scored once there is a page to read.';

/** Every finding id of the schema check. */
export const SCHEMA_FINDINGS = {
  ...checkCommon('schema'),
  'schema.no_homepage': finding(
    'The homepage delivered no page to read',
    NO_HOMEPAGE,
    'schema-org',
  ),
  'schema.microdata_only': finding(
    'Structured data only in microdata or RDFa',
    'Add the same data as a <script type="application/ld+json"> block; agents read JSON-LD most reliably.',
    'schema-org',
  ),
  'schema.shell_no_json_ld': finding(
    'No JSON-LD in a JavaScript shell',
    'Nothing separate to fix: server-render the page (render check) and put JSON-LD in its HTML.',
    'schema-org',
  ),
  'schema.no_json_ld': finding(
    'No JSON-LD on the homepage',
    'Add schema.org JSON-LD describing your organization and website; the fix pack generates an Organization block from the page.',
    'schema-org',
  ),
  'schema.invalid_json_ld': finding(
    'JSON-LD blocks that are not valid JSON',
    'Fix the JSON syntax of the blocks the finding counts; agents skip broken blocks.',
    'schema-org',
  ),
  'schema.json_ld_ok': passing('JSON-LD blocks parse', 'schema-org'),
  'schema.identity_ok': passing('JSON-LD names the organization and a WebSite', 'schema-org'),
  'schema.identity_incomplete': finding(
    'Identity markup incomplete',
    'Publish an Organization (name, url, logo) and a WebSite node in JSON-LD.',
    'schema-org',
  ),
  'schema.product_ok': passing('Product markup with offers is present', 'schema-org'),
  'schema.product_missing': finding(
    'A shop without Product markup',
    'Add schema.org Product JSON-LD with name and offers (price, priceCurrency) to product pages.',
    'schema-org',
  ),
  'schema.product_offers_missing': finding(
    'Product markup without offers',
    'Give each Product an offers object with price and priceCurrency.',
    'schema-org',
  ),
  'schema.article_ok': passing('Article pages carry Article markup with dates', 'schema-org'),
  'schema.article_markup_missing': finding(
    'An article page without Article markup',
    'Add Article or BlogPosting JSON-LD with headline, datePublished and dateModified.',
    'schema-org',
  ),
  'schema.article_dates_missing': finding(
    'Article markup without dates',
    'Add datePublished and dateModified to the Article markup.',
    'schema-org',
  ),
  'schema.type_fit_na': finding(
    'No product or article pages detected',
    'Nothing to fix: content-type markup does not apply.',
    'schema-org',
  ),
  'schema.metadata_ok': passing('Title, description, canonical URL and language are set', 'html'),
  'schema.metadata_missing': finding(
    'Page metadata missing',
    'Add what the finding lists: <title>, <meta name="description">, <link rel="canonical"> and <html lang>.',
    'html',
  ),
  'schema.shell_no_open_graph': finding(
    'No Open Graph tags in a JavaScript shell',
    'Nothing separate to fix: server-render the page (render check) and put the Open Graph tags in its HTML.',
    'open-graph',
  ),
  'schema.open_graph_ok': passing(
    'The four required Open Graph properties are present',
    'open-graph',
  ),
  'schema.open_graph_missing': finding(
    'Open Graph properties missing',
    'Add the missing og:title, og:type, og:image and og:url <meta property> tags.',
    'open-graph',
  ),
};

/** Every finding id of the entity check. */
export const ENTITY_FINDINGS = {
  ...checkCommon('entity'),
  'entity.no_homepage': finding(
    'The homepage delivered no page to read',
    NO_HOMEPAGE,
    'schema-org',
  ),
  'entity.private_address': finding(
    'A private-network or local address',
    'Nothing to fix: a site on a private address has no public identity to link; sameAs links published here are still scored.',
    'schema-org',
  ),
  'entity.no_same_as': finding(
    'No sameAs links',
    'Add sameAs URLs of your Wikidata, Wikipedia, GitHub, LinkedIn... profiles to the Organization JSON-LD.',
    'schema-org',
  ),
  'entity.same_as_unrecognised': finding(
    'sameAs links point to no recognised authority',
    'Link recognised profiles (Wikidata, Wikipedia, GitHub, LinkedIn, Crunchbase...) in sameAs.',
    'schema-org',
  ),
  'entity.same_as_few': finding(
    'sameAs names fewer than three recognised platforms',
    'Add sameAs links to more recognised platforms (up to three count).',
    'schema-org',
  ),
  'entity.same_as_ok': passing('sameAs names three or more recognised platforms', 'schema-org'),
  'entity.same_as_broken': finding(
    'Sampled sameAs targets are broken',
    'Fix or remove the sameAs URLs the finding lists.',
    'schema-org',
  ),
  'entity.same_as_resolvable': passing('Sampled sameAs targets answer', 'schema-org'),
  'entity.corroboration_missing': finding(
    'No verifiable third-party identity published',
    'Publish sameAs links to profiles that answer (see the other entity findings); presence beyond the site is then credited at half.',
    'schema-org',
  ),
  'entity.wikidata_missing': finding(
    'No Wikidata item linked',
    'If your organisation has a Wikidata item, add its URL to sameAs and set its "official website" (P856) to this domain.',
    'wikidata',
  ),
  'entity.wikidata_not_found': finding(
    'The linked Wikidata item does not exist',
    'Correct the Wikidata URL in sameAs.',
    'wikidata',
  ),
  'entity.wikidata_confirmed': passing('Wikidata confirms the official website', 'wikidata'),
  'entity.wikidata_website_mismatch': finding(
    "Wikidata's official website is not this domain",
    'Set the Wikidata item\'s "official website" (P856) to this domain.',
    'wikidata',
  ),
};
