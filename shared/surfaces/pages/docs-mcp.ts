/**
 * The docs page's "Tool server (MCP)" section (`/docs#mcp`): how to connect, the seven tools,
 * the two protocol revisions served side by side with an exchange of each (docs-mcp-example.ts),
 * and which web pages may call the server (the Origin rule, MCP_ALLOWED_ORIGINS).
 */
import { type Html, html, inlineCode, joinHtml } from '#shared/surfaces/http/html';
import { TOOLS } from '#shared/surfaces/mcp/tools';
import {
  HANDSHAKE_PROTOCOL_VERSIONS,
  LEGACY_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSION,
  SERVED_PROTOCOL_VERSIONS,
} from '#shared/surfaces/mcp/versions';
import {
  exchangesHtml,
  legacyExchanges,
  modernExchanges,
  unsupportedVersionExchange,
} from './docs-mcp-example.ts';

function toolInputs(tool: (typeof TOOLS)[number]): Html {
  const fields = Object.entries(
    tool.inputSchema.shape as Record<
      string,
      { meta(): { description?: string } | undefined; isOptional(): boolean }
    >,
  );
  if (fields.length === 0) return html`no input`;
  const inputs = fields.map(([name, schema]) => {
    const description = schema.meta()?.description;
    return html`<code>${name}</code>${schema.isOptional() ? ' (optional)' : ''}${description ? html`: ${inlineCode(description)}` : ''}`;
  });
  return joinHtml(inputs, '; ');
}

/** Client settings for the two ways of sending the key. */
function connectHtml(baseUrl: string): Html {
  const header = JSON.stringify(
    {
      mcpServers: {
        'agent-readiness': {
          type: 'http',
          url: `${baseUrl}/api/mcp`,
          headers: { Authorization: 'Bearer ars_YOUR_KEY' },
        },
      },
    },
    null,
    2,
  );
  const path = JSON.stringify(
    { mcpServers: { 'agent-readiness': { type: 'http', url: `${baseUrl}/api/mcp/ars_YOUR_KEY` } } },
    null,
    2,
  );
  return html`<p>Key in a header:</p><pre>${header}</pre>
<p>Key in the path:</p><pre>${path}</pre>`;
}

function revisionsHtml(baseUrl: string): Html {
  const tool = TOOLS.find((candidate) => candidate.name === 'get_stats') ?? TOOLS[0];
  if (!tool) return html``;
  return html`<h3 id="mcp-${MODERN_PROTOCOL_VERSION}">${MODERN_PROTOCOL_VERSION}: every request on its own</h3>
<p>No handshake and no session: each POST names its protocol version, client and capabilities in
<code>params._meta</code>, and repeats them in headers: <code>MCP-Protocol-Version</code> (the version in
<code>_meta</code>), <code>Mcp-Method</code> (the JSON-RPC method) and, for <code>tools/call</code>,
<code>Mcp-Name</code> (the tool). A header that is missing or disagrees with the body gets HTTP 400 with
JSON-RPC error <code>-32020</code>. <code>server/discover</code> tells the versions, capabilities and
server; every result carries <code>resultType</code>; <code>tools/list</code> and
<code>server/discover</code> carry <code>ttlMs</code> and <code>cacheScope: "public"</code> (the list is the
same for every key).</p>
${exchangesHtml(modernExchanges(tool, baseUrl), baseUrl)}
<p>A version the server does not speak gets HTTP 400 with JSON-RPC error <code>-32022</code> listing the
versions it does:</p>
${exchangesHtml([unsupportedVersionExchange()], baseUrl)}
<h3 id="mcp-${LEGACY_PROTOCOL_VERSION}">${LEGACY_PROTOCOL_VERSION} and earlier: initialize first</h3>
<p>Clients of the handshake revisions (${joinHtml(
    HANDSHAKE_PROTOCOL_VERSIONS.map((version) => html`<code>${version}</code>`),
    ', ',
  )}) open with <code>initialize</code> and are answered in the revision they ask for (a revision
not served is offered ${LEGACY_PROTOCOL_VERSION}), then call; the server keeps no session, so each POST
stands alone. Clients of 2025-03-26 and earlier send no <code>MCP-Protocol-Version</code> header, and
none is needed. The tools, their schemas and their results are the same in every revision.</p>
${exchangesHtml(legacyExchanges(tool, baseUrl), baseUrl)}`;
}

const ORIGIN_HTML = html`<h3 id="mcp-origin">Web pages and the Origin header</h3>
<p>Desktop, command-line and server-side MCP clients send no <code>Origin</code> header and are not
affected. A request that carries one must come from this site's own origin (locally, any
<code>http://localhost</code>, <code>http://127.0.0.1</code> or <code>http://[::1]</code> origin as well) or
from an origin the operator lists in <code>MCP_ALLOWED_ORIGINS</code> (comma-separated, such as
<code>https://app.example</code>); any other gets HTTP 403 with a JSON-RPC error, before its key is
read, so a page of another site (or one whose name was pointed at this server) cannot use a key it
learnt.</p>`;

export function mcpSection(baseUrl: string): Html {
  const rows = TOOLS.map(
    (tool) =>
      html`<tr><th scope="row"><code>${tool.name}</code></th><td><code>${tool.route.method} ${tool.route.path}</code></td><td>${toolInputs(tool)}</td></tr>`,
  );
  return html`<h2 id="mcp">Tool server (MCP)</h2>
<p>AI assistants read the service as tools over MCP (stateless Streamable HTTP, JSON responses) at
<code>${baseUrl}/api/mcp</code> with the key in the <code>Authorization</code> header, or at
<code>${baseUrl}/api/mcp/&lt;API_KEY&gt;</code> for clients that cannot send headers (treat that URL as a secret).
Both URLs speak protocol revisions ${joinHtml(
    SERVED_PROTOCOL_VERSIONS.map((version) => html`<code>${version}</code>`),
    ', ',
  )} (every revision of the official SDK).
Each tool calls its REST route with your key: same scopes, limits and results; <code>structuredContent</code> is the REST
body and a REST error is a tool error with the same code. Only read tools exist (a scan counts as one).</p>
${connectHtml(baseUrl)}
<table><thead><tr><th>Tool</th><th>REST route</th><th>Input</th></tr></thead><tbody>${rows}</tbody></table>
${revisionsHtml(baseUrl)}
${ORIGIN_HTML}`;
}
