/**
 * The `#agents` section of the docs page (issue 30): the registry of AI agents with the ranges
 * that verify them, what verified, spoofed and unverifiable mean, and how to upload access logs
 * (the formats, the limits, how to export them from nginx, CloudFront and Cloudflare). Also
 * rendered as markdown for `/docs` with `Accept: text/markdown`. The registry route serves the
 * same list for programs, with every prefix.
 */
import { registryOf } from '#shared/domain/agents/operations';
import { bundledRanges } from '#shared/domain/agents/ranges';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';

const PURPOSES: Record<string, string> = {
  training: 'training',
  search: 'search',
  user: 'a person’s request',
  other: 'other',
};

function rows(): Html {
  const agents = registryOf(bundledRanges()).agents.map((agent) => {
    const verification =
      agent.verification === 'ranges' && agent.ranges_source
        ? html`<a href="${agent.ranges_source}">${agent.ranges.length} prefixes</a>, read ${agent.ranges_as_of ?? ''}`
        : 'none published: unverifiable';
    return html`<tr><th scope="row"><code>${agent.token}</code></th><td>${agent.operator}</td><td>${PURPOSES[agent.purpose] ?? agent.purpose}</td><td>${verification}</td></tr>`;
  });
  return joinHtml(agents, '\n');
}

export function agentsSection(): Html {
  return html`<h2 id="agents">AI agents and access logs</h2>
<p>Upload a scanned domain's access logs (<code>POST /api/v1/domains/{domain}/agent-logs</code>) and read which AI agents
fetched it (<code>GET /api/v1/domains/{domain}/agents</code>): per agent the hits, the paths and what they got, the sitemap
pages no verified agent fetched, and refusals your robots.txt does not ask for. A hit is matched by the product token in
its User-Agent and labelled <strong>verified</strong> (its address is in the operator's published ranges),
<strong>spoofed</strong> (the operator publishes ranges and the address is outside them) or
<strong>unverifiable</strong> (the operator publishes none). The registry, also at
<a href="/api/v1/agent-registry"><code>/api/v1/agent-registry</code></a> with every prefix:</p>
<table><thead><tr><th scope="col">Token</th><th scope="col">Operator</th><th scope="col">Fetches for</th><th scope="col">Ranges</th></tr></thead>
<tbody>${rows()}</tbody></table>
<h3 id="agent-logs">Uploading logs</h3>
<ul>
<li>The raw log as <code>text/plain</code>, or gzip (<code>Content-Encoding: gzip</code> or <code>Content-Type: application/gzip</code>); at most 6 MB as sent and 200 MB expanded, so upload a large log in parts. The same log again answers 200 and counts nothing twice.</li>
<li><code>format=auto|combined|cloudfront|jsonl</code>: Apache/nginx <code>combined</code>; CloudFront standard logs (W3C, with their <code>#Fields</code> line); JSON lines with Cloudflare Logpush's HTTP request fields (<code>ClientIP</code>, <code>ClientRequestUserAgent</code>, <code>ClientRequestPath</code>, <code>EdgeResponseStatus</code>, <code>EdgeResponseBytes</code>, <code>EdgeStartTimestamp</code>). A body none of whose first 100 lines reads is 422 <code>unrecognized_log_format</code>.</li>
<li>nginx: the default <code>access_log … combined;</code> files (<code>/var/log/nginx/access.log*</code>). CloudFront: enable standard logging to S3 and upload the <code>.gz</code> files as they are. Cloudflare: a Logpush job for HTTP requests with the fields above, to R2 or S3.</li>
<li>No log line and no address is kept: only counts per day, agent and path. The upload is deleted once processed.</li>
</ul>`;
}

/** The same section as markdown (docs page in markdown). */
export function agentsMarkdown(): string {
  const table = registryOf(bundledRanges()).agents.map(
    (agent) =>
      `| \`${agent.token}\` | ${agent.operator} | ${PURPOSES[agent.purpose] ?? agent.purpose} | ${agent.verification === 'ranges' ? `${agent.ranges.length} prefixes from ${agent.ranges_source}, read ${agent.ranges_as_of}` : 'none: unverifiable'} |`,
  );
  return [
    '## AI agents and access logs',
    '',
    "Upload a scanned domain's access logs (`POST /api/v1/domains/{domain}/agent-logs`, text or gzip, at most 6 MB as sent and 200 MB expanded; `format=auto|combined|cloudfront|jsonl`) and read which AI agents fetched it (`GET /api/v1/domains/{domain}/agents`). Hits are verified, spoofed or unverifiable against the operators' published ranges (`GET /api/v1/agent-registry`). No log line and no address is kept.",
    '',
    '| Token | Operator | Fetches for | Ranges |',
    '|---|---|---|---|',
    ...table,
  ].join('\n');
}
