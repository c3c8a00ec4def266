/**
 * Finding types of checks 2 `sitemap` and 3 `render` (docs/scan-engine.md "Finding ids").
 */
import { checkCommon, finding, passing } from './spec.ts';

/** Every finding id of the sitemap check. */
export const SITEMAP_FINDINGS = {
  ...checkCommon('sitemap'),
  'sitemap.unreadable': finding(
    'No sitemap could be fetched by the scanner',
    'Nothing to fix on the site as far as we know: the scanner could not reach the sitemap this time. Scan again.',
    'sitemaps',
  ),
  'sitemap.slow': finding(
    'The sitemap did not answer in time',
    'Serve the sitemap fast, e.g. as a static file: crawlers give up on slow sitemaps.',
    'sitemaps',
  ),
  'sitemap.named_unusable': finding(
    'The sitemap robots.txt names is not usable',
    'Fix the sitemap robots.txt names so it answers 200 with a <urlset> or <sitemapindex> XML document.',
    'sitemaps',
  ),
  'sitemap.missing': finding(
    'No sitemap',
    'Publish /sitemap.xml (a <urlset> of your pages with <lastmod>) and add a "Sitemap:" line to robots.txt.',
    'sitemaps',
  ),
  'sitemap.in_robots': passing('The sitemap is named in robots.txt', 'sitemaps'),
  'sitemap.not_in_robots': finding(
    'The sitemap is not named in robots.txt',
    'Add "Sitemap: <absolute sitemap URL>" to robots.txt.',
    'sitemaps',
  ),
  'sitemap.valid': passing('The sitemap is valid XML in the sitemaps.org namespace', 'sitemaps'),
  'sitemap.format_problems': finding(
    'The sitemap parses but has format problems',
    'Fix what the finding lists: the sitemaps.org xmlns, a size over 2 MiB (split it with a sitemap index), or a broken child sitemap.',
    'sitemaps',
  ),
  'sitemap.no_urls': finding(
    'The sitemap lists no URLs',
    'List your pages in the sitemap.',
    'sitemaps',
  ),
  'sitemap.foreign_urls': finding(
    'Sitemap URLs relative or on another site',
    'Use absolute URLs on this site in <loc>.',
    'sitemaps',
  ),
  'sitemap.homepage_only': passing('The sitemap lists only the homepage', 'sitemaps'),
  'sitemap.dead_urls': finding(
    'Sampled sitemap URLs do not answer 2xx',
    'Remove dead URLs from the sitemap, or make them answer 200.',
    'sitemaps',
  ),
  'sitemap.urls_ok': passing('Sitemap URLs are absolute and answer', 'sitemaps'),
  'sitemap.lastmod_ok': passing('Sitemap entries carry <lastmod>', 'sitemaps'),
  'sitemap.lastmod_missing': finding(
    'Most sitemap entries lack <lastmod>',
    'Add <lastmod> (the date the page last changed) to every sitemap entry.',
    'sitemaps',
  ),
};

/** Every finding id of the render check. */
export const RENDER_FINDINGS = {
  ...checkCommon('render'),
  'render.homepage_slow': finding(
    'The homepage did not answer in time',
    'Make / answer within a few seconds; agents and crawlers give up long before the scan does.',
    'html',
  ),
  'render.homepage_redirect_loop': finding(
    'The homepage redirects in a loop',
    'Fix the redirect so / answers 200 with HTML within five redirects.',
    'html',
  ),
  'render.homepage_not_html': finding('The homepage is not HTML', 'Serve / as text/html.', 'html'),
  'render.homepage_error_status': finding(
    'The homepage answers an error status',
    'Make / answer 200 with HTML.',
    'html',
  ),
  'render.homepage_unreachable': finding(
    'The homepage could not be fetched',
    'Make the site reachable on its address (DNS, TLS, connection), then scan again.',
    'html',
  ),
  'render.homepage_http': finding(
    'The homepage is served over plain HTTP',
    'Serve the site over HTTPS and redirect HTTP to it.',
    'html',
  ),
  'render.homepage_ok': passing('The homepage answers 200 text/html over HTTPS', 'html'),
  'render.server_rendered': passing('The homepage is server-rendered', 'html'),
  'render.thin_page': finding(
    'The homepage has little text',
    'Say what you offer, for whom and where, in a few paragraphs of HTML text.',
    'html',
  ),
  'render.sparse_text': finding(
    'The homepage HTML carries little text and scripts',
    'Render the main content on the server so agents that do not run JavaScript can read it.',
    'html',
  ),
  'render.javascript_shell': finding(
    'The homepage is a JavaScript shell',
    'Server-render or pre-render the homepage: AI crawlers do not run JavaScript.',
    'html',
  ),
  'render.noindex': finding(
    'The homepage is marked noindex',
    'Remove noindex from <meta name="robots"> and X-Robots-Tag unless you mean to leave search and AI indexes.',
    'html',
  ),
  'render.indexable': passing('The homepage is indexable', 'html'),
  'render.noai_directive': finding(
    'A "noai" directive is present',
    'Nothing to fix: "noai" is a policy choice and is not penalised.',
    'html',
  ),
  'render.no_inner_page_reachable': finding(
    'No inner page is reachable without JavaScript',
    'Render navigation links in the HTML and publish a sitemap.',
    'html',
  ),
  'render.no_inner_page': finding(
    'No inner page found',
    'Nothing to fix: inner-page rendering does not apply to a one-page site.',
    'html',
  ),
  'render.inner_page_error': finding(
    'The sampled inner page does not deliver a page',
    'Make the inner page the finding names answer 200 with HTML, or take it out of the sitemap and navigation.',
    'html',
  ),
  'render.inner_page_not_html': finding(
    'The sampled inner page is not HTML',
    'Serve pages listed in the sitemap or navigation as text/html.',
    'html',
  ),
  'render.inner_page_rendered': passing('The sampled inner page is server-rendered', 'html'),
  'render.inner_page_shell': finding(
    'The sampled inner page is a JavaScript shell',
    'Server-render inner pages as well as the homepage.',
    'html',
  ),
  'render.inner_page_thin': finding(
    'The sampled inner page has little text',
    'Render the inner page content on the server and give it real content.',
    'html',
  ),
  'render.landmarks_ok': passing('The homepage has an <h1> and a <main> or <article>', 'html'),
  'render.landmarks_missing': finding(
    'The homepage lacks an <h1> or a <main>/<article> landmark',
    'Wrap the main content in <main> (or <article>) and give the page one <h1>.',
    'html',
  ),
};
