/**
 * The `#environment` and `#peers` parts of the docs page (issue 37): what a scan says about
 * where it ran and what stood in its way, and how it computes what Lighthouse would say beside
 * our verdicts. Also rendered as markdown for `/docs` with `Accept: text/markdown`.
 */
import { LIGHTHOUSE_VERSION } from '#shared/domain/scan-engine/types';
import { type Html, html } from '#shared/surfaces/http/html';

export function peersSection(): Html {
  return html`<h3 id="environment">Where a scan ran and what stood in its way</h3>
<p>Every scan carries <code>environment</code>: <code>scanned_from</code> (<code>local</code> or the AWS region),
the <code>user_agent</code> its requests sent, whether they were <code>signed</code>, whether the site is
<code>paywalled</code> for agents (it answered HTTP 402), <code>blocked_by</code> (null, or what answered instead of the
site: a challenge page, a WAF block or a rate limit, with its evidence) and <code>partial_checks</code>. A check whose
documents all met such a wall says "Not judged: blocked by …" and counts nothing against the site; a check that lost only
some documents is judged on the rest and says so. A page that asks agents to pay (402, x402's
<code>PAYMENT-REQUIRED</code>) is recorded as paywalled, never as broken. A markdown request answered with HTML and no
<code>Vary: Accept</code> while a <code>.md</code> version exists is what an edge that rewrites <code>Accept</code> looks
like; the markdown finding says so.</p>
<h3 id="peers">What other judges would say</h3>
<p>Every scan also carries <code>peers.lighthouse</code>: the verdicts of Lighthouse ${LIGHTHOUSE_VERSION}'s Agentic
Browsing audits that the scan can compute honestly from what it fetched, from the rules of that release (<code>pass</code>
for a score of 1, <code>warn</code> for 0.9, <code>fail</code> for 0, <code>na</code> when Lighthouse leaves the audit out):
<code>llms-txt</code> (a heading, a link and 50 characters; a 4xx llms.txt is not applicable), <code>ard-schema</code>
(Lighthouse ${LIGHTHOUSE_VERSION} reads the robots.txt Agentmap line, then <code>rel="ai-catalog"</code>, then
<code>/.well-known/ai-catalog.json</code>, not ARD's <code>ard.json</code>, and validates what it finds against its AI
Catalog schema: errors fail, warnings such as a missing <code>representativeQueries</code> score 0.9) and
<code>webmcp-form-coverage</code> (in a Chrome with WebMCP; from the static HTML). Audits that need a browser run are not
computed. Where our verdict differs, the check carries an <code>info</code> finding saying why. Our tests run the real
Lighthouse on fixture sites and hold these verdicts to it.</p>`;
}

export function peersMarkdown(): string {
  return [
    '### Where a scan ran and what stood in its way',
    '',
    'Every scan carries `environment`: `scanned_from` (`local` or the AWS region), `user_agent`, `signed`, `paywalled` (a page answered HTTP 402), `blocked_by` (null, or the challenge page, WAF block or rate limit that answered instead of the site, with its evidence) and `partial_checks`. A check whose documents all met a wall says "Not judged: blocked by …" instead of failing the site.',
    '',
    '### What other judges would say',
    '',
    `Every scan carries \`peers.lighthouse\`: what Lighthouse ${LIGHTHOUSE_VERSION}'s \`llms-txt\`, \`ard-schema\` and \`webmcp-form-coverage\` audits would say (\`pass\`, \`warn\`, \`fail\`, \`na\`), computed from that release's rules. Where our verdict differs, the check carries an info finding saying why.`,
  ].join('\n');
}
