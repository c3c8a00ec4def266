/**
 * Finding types of checks 4 `llms` and 5 `markdown` (docs/scan-engine.md "Finding ids").
 */
import { checkCommon, finding, passing } from './spec.ts';

const PUBLISH_LLMS =
  'Publish /llms.txt as text/markdown: an H1 with the site name, a "> " one-line summary and H2 sections listing key pages as "- [name](url): description"; the fix pack generates one from the sitemap.';

/** Every finding id of the llms check. */
export const LLMS_FINDINGS = {
  ...checkCommon('llms'),
  'llms.unreadable': finding(
    'llms.txt could not be fetched by the scanner',
    'Nothing to fix on the site as far as we know: the scanner could not reach /llms.txt this time. Scan again.',
    'llms-txt',
  ),
  'llms.slow': finding(
    'llms.txt did not answer in time',
    'Serve /llms.txt fast, as a static file; agents do not wait.',
    'llms-txt',
  ),
  'llms.redirect_loop': finding(
    'llms.txt redirects in a loop',
    `Fix the redirect so /llms.txt answers 200 within five redirects. ${PUBLISH_LLMS}`,
    'llms-txt',
  ),
  'llms.catch_all': finding(
    'llms.txt answers with the catch-all page',
    `${PUBLISH_LLMS} Answer 404 for paths that do not exist.`,
    'llms-txt',
  ),
  'llms.missing': finding('No llms.txt', PUBLISH_LLMS, 'llms-txt'),
  'llms.html_page': finding(
    'llms.txt answers with an HTML page',
    `Serve a markdown file at /llms.txt instead of the HTML page. ${PUBLISH_LLMS}`,
    'llms-txt',
  ),
  'llms.wrong_type': finding(
    'llms.txt served with a type other than text',
    'Serve /llms.txt as text/markdown or text/plain.',
    'llms-txt',
  ),
  'llms.too_large': finding(
    'llms.txt larger than 1 MiB',
    'Keep llms.txt small enough for a model context; move detail to /llms-full.txt.',
    'llms-txt',
  ),
  'llms.present': passing('llms.txt is published', 'llms-txt'),
  'llms.h1_ok': passing('llms.txt starts with an H1', 'llms-txt'),
  'llms.no_h1': finding(
    'llms.txt does not start with an H1',
    'Start llms.txt with "# Site name", the one required part of the format.',
    'llms-txt',
  ),
  'llms.summary_ok': passing('llms.txt has a blockquote summary', 'llms-txt'),
  'llms.no_summary': finding(
    'llms.txt has no blockquote summary',
    'Add one "> " line under the H1 saying what the site is.',
    'llms-txt',
  ),
  'llms.sections_ok': passing('llms.txt lists links in H2 sections', 'llms-txt'),
  'llms.no_sections': finding(
    'llms.txt has no H2 section with links',
    'Add "## Section" headings listing key pages as "- [name](url): description".',
    'llms-txt',
  ),
  'llms.links_offsite': finding(
    'llms.txt links point to other sites only',
    'Link to pages on this site in llms.txt.',
    'llms-txt',
  ),
  'llms.broken_links': finding(
    'Sampled llms.txt links are broken',
    'Fix or remove the links the finding lists.',
    'llms-txt',
  ),
  'llms.links_ok': passing('Sampled llms.txt links answer 2xx', 'llms-txt'),
  'llms.extras_ok': passing('llms-full.txt or a rel="describedby" link is published', 'llms-txt'),
  'llms.no_extras': finding(
    'No llms-full.txt and no rel="describedby" link to llms.txt',
    'Add <link rel="describedby" href="/llms.txt"> (or the Link header the fix pack generates) to your pages, or publish /llms-full.txt.',
    'llms-txt',
  ),
  'llms.subpath_only': finding(
    'No /llms.txt; an llms.txt in a subpath covers only the pages under it',
    'Publish /llms.txt for the rest of the site (llms.txt v2: the most specific file applies to each page).',
    'llms-txt',
  ),
  'llms.subpath_links': passing('The subpath llms.txt lists links', 'llms-txt'),
  'llms.coverage': finding(
    'Which llms.txt covers which pages',
    'Nothing to fix: each page is covered by the most specific llms.txt above it (llms.txt v2).',
    'llms-txt',
  ),
  'llms.lighthouse_differs': finding(
    'Lighthouse (llms-txt) would decide otherwise, and why',
    'Nothing to fix for this scan; the finding says what Lighthouse reads differently. Fix what either one names if you want both to agree.',
    'lighthouse-agentic',
  ),
};

/** Every finding id of the markdown check. */
export const MARKDOWN_FINDINGS = {
  ...checkCommon('markdown'),
  'markdown.unreadable': finding(
    'The markdown variant could not be fetched by the scanner',
    'Nothing to fix on the site as far as we know: the scanner could not fetch / as markdown this time. Scan again.',
    'markdown-agents',
  ),
  'markdown.negotiated': passing(
    'GET / with Accept: text/markdown returns markdown',
    'markdown-agents',
  ),
  'markdown.declared_alternate': passing(
    'The homepage declares a markdown version that answers markdown (llms.txt v2)',
    'llms-txt',
  ),
  'markdown.mirror_only': finding(
    'A markdown mirror exists but the page URL does not negotiate',
    'Answer Accept: text/markdown on the page URL itself with the markdown version.',
    'markdown-agents',
  ),
  'markdown.no_negotiation': finding(
    'No markdown on Accept: text/markdown',
    'Serve a text/markdown variant of your pages to requests with Accept: text/markdown (many CDNs and CMS plugins do it).',
    'markdown-agents',
  ),
  'markdown.vary_ok': passing('HTML and markdown answers send Vary: Accept', 'markdown-agents'),
  'markdown.vary_missing': finding(
    'Vary: Accept missing',
    'Send "Vary: Accept" on both the HTML and the markdown answer so caches keep them apart.',
    'markdown-agents',
  ),
  'markdown.alternate_link': passing(
    'The homepage advertises its markdown version',
    'markdown-agents',
  ),
  'markdown.mirror_not_linked': finding(
    'The markdown mirror is not linked from the homepage',
    'Add <link rel="alternate" type="text/markdown" href="..."> pointing at the mirror, or the Link header the fix pack generates.',
    'markdown-agents',
  ),
  'markdown.not_advertised': finding(
    'The homepage does not advertise a markdown version',
    'Add <link rel="alternate" type="text/markdown" href="/index.md"> or the equivalent Link header.',
    'markdown-agents',
  ),
  'markdown.size_hint': passing(
    'The markdown carries a size hint or front matter',
    'markdown-agents',
  ),
  'markdown.no_size_hint': finding(
    'The markdown has no size hint',
    'Send an x-markdown-tokens header or start the markdown with front matter naming its title and url.',
    'markdown-agents',
  ),
};
