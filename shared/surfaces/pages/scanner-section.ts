/**
 * The `#scanner` section of the docs page (issue 28): who the scanner is, what it fetches, how
 * it signs every request (Web Bot Auth), and how a site can verify or block it. Also rendered as
 * markdown for `/docs` with `Accept: text/markdown`.
 */
import { type Html, html } from '#shared/surfaces/http/html';

const DIRECTORY = '/.well-known/http-message-signatures-directory';
const CARD = '/.well-known/signature-agent-card';

export function scannerSection(baseUrl: string): Html {
  const directory = `${baseUrl}${DIRECTORY}`;
  const card = `${baseUrl}${CARD}`;
  return html`<h2 id="scanner">The scanner</h2>
<p>Scans fetch a site as <code>AgentReadinessScanner/2.0</code>; the User-Agent links to this section.
A scan runs only when someone asks for one. It makes about 30 GET requests, at most 16 at a time per site (one
HTTP/2 connection when the site offers it), in two round trips when the sitemap sits at <code>/sitemap.xml</code>:
first <code>/robots.txt</code>, the homepage, the sitemap, <code>/llms.txt</code> and every <code>/.well-known/</code>
document it judges; then what those name (sitemap samples, llms.txt links, cards named by a catalog). It sends no
cookies or credentials, follows at most 5 redirects, reads a capped number of bytes per response and never POSTs.
Sampled inner pages are fetched only where robots.txt allows our token; discovery files are always read, because a
scan is a fetch a person asked for, not a crawl.</p>
<h3 id="scanner-signature">Its signature (Web Bot Auth)</h3>
<p>Every request carries an HTTP Message Signature (RFC 9421) as the IETF Web Bot Auth protocol
(draft-ietf-webbotauth-httpsig-protocol-01) profiles it:</p>
<ul>
<li><code>Signature-Agent: sig1="${directory}"</code>, our key directory;</li>
<li><code>Signature-Input: sig1=("@method" "@authority" "@path" "signature-agent";key="sig1");created=…;expires=…;keyid="…";alg="ed25519";nonce="…";tag="web-bot-auth"</code>,
valid for three minutes, <code>keyid</code> being the JWK SHA-256 thumbprint (RFC 7638) of our Ed25519 key;</li>
<li><code>Signature: sig1=:…:</code>.</li>
</ul>
<p>The key directory at <a href="${directory}">${directory}</a> is a JWK Set served as
<code>application/http-message-signatures-directory+json</code>, each key's <code>kid</code> its thumbprint, and the
response is itself signed with every key it lists (<code>"@authority";req</code> and <code>Content-Digest</code>, tag
<code>http-message-signatures-directory</code>). Our Signature Agent Card is at <a href="${card}">${card}</a>.
Keys are rotated with an overlap: a replaced key stays in the directory for a day, so a directory cached for its
one hour keeps verifying.</p>
<h3 id="scanner-verify">How to verify or block it</h3>
<ul>
<li>Verify: fetch the directory named in <code>Signature-Agent</code> (only ours is this one), take the key whose
<code>kid</code> equals the signature's <code>keyid</code>, rebuild the signature base from the request and check the
Ed25519 signature with any RFC 9421 library; reject it once <code>expires</code> has passed. Services that verify Web
Bot Auth signatures (several CDNs do) need only the directory URL.</li>
<li>Allow or block it by that identity: a verified signature from our directory is us; an unsigned request or one
that does not verify is not, whatever its User-Agent says.</li>
<li><code>Disallow</code> rules for <code>AgentReadinessScanner</code> in robots.txt stop the sampled inner pages. To
refuse scans entirely, answer our verified requests (or our User-Agent) with 403: the scan then reports what it
could read.</li>
</ul>`;
}

export function scannerMarkdown(baseUrl: string): string {
  return [
    '## The scanner',
    '',
    'Scans fetch a site as `AgentReadinessScanner/2.0` when someone asks for a scan: about 30 GET requests, at most 16 at a time, in two round trips (robots.txt, homepage, sitemap, llms.txt and every well-known document first; then what they name). No cookies, credentials or POSTs.',
    '',
    `Every request is signed (RFC 9421, Web Bot Auth): \`Signature-Agent: sig1="${baseUrl}${DIRECTORY}"\`, \`Signature-Input\` covering \`@method\`, \`@authority\`, \`@path\` and the \`signature-agent\` member, with \`created\`, \`expires\` (three minutes), \`keyid\` (JWK thumbprint, RFC 7638), \`alg="ed25519"\`, \`tag="web-bot-auth"\`. Key directory: ${baseUrl}${DIRECTORY} (signed JWK Set). Signature Agent Card: ${baseUrl}${CARD}.`,
    '',
    'To verify: fetch the directory, pick the key whose `kid` is the `keyid`, check the signature with any RFC 9421 library. To block: refuse requests whose verified signature comes from our directory; robots.txt rules for `AgentReadinessScanner` stop the sampled inner pages.',
  ].join('\n');
}
