/**
 * The JSON discovery documents: the RFC 9727 api-catalog linkset, the AI Catalog (current MCP
 * discovery draft) and the MCP Catalog that preceded it, the MCP Server Card of the tool
 * server, generated from the manifest, and the RFC 9728 protected-resource metadata of the API
 * (docs page: #standards).
 */
import { SERVED_PROTOCOL_VERSIONS, SERVER_INFO } from '#shared/surfaces/mcp/versions';
import { mcpToolRoutes, PATHS, reverseDnsName, SERVICE_NAME, SERVICE_SUMMARY } from './site.ts';

export const MCP_CARD_TYPE = 'application/mcp-server-card+json';

export function apiCatalog(baseUrl: string): unknown {
  return {
    linkset: [
      {
        anchor: `${baseUrl}/api/v1`,
        'service-desc': [{ href: `${baseUrl}${PATHS.openapi}`, type: 'application/openapi+json' }],
        'service-doc': [{ href: `${baseUrl}${PATHS.docs}`, type: 'text/html' }],
      },
    ],
  };
}

/**
 * RFC 9728 metadata of the API as a protected resource. The API takes API keys as bearer tokens
 * in the Authorization header (RFC 6750 §2.1); they are issued on the dashboard, not by an OAuth
 * authorization server, so `authorization_servers` (OPTIONAL, RFC 9728 §2) is left out rather
 * than naming a server that does not exist (docs/decisions.md, issue 15).
 */
export function protectedResource(baseUrl: string): unknown {
  return {
    resource: baseUrl,
    resource_name: SERVICE_NAME,
    bearer_methods_supported: ['header'],
    resource_documentation: `${baseUrl}${PATHS.docs}#authentication`,
  };
}

function cardEntry(baseUrl: string) {
  const host = new URL(baseUrl).hostname;
  return {
    identifier: `urn:air:${host}:mcp:agent-readiness`,
    type: MCP_CARD_TYPE,
    url: `${baseUrl}${PATHS.serverCard}`,
  };
}

/**
 * What else the service publishes for agents, each under a `urn:air` identifier of its own host
 * (AI Catalog spec: publisher-authorized identifiers): the scanner's key directory and Signature
 * Agent Card (Web Bot Auth) and auth.md (how an agent gets credentials).
 */
function identityEntries(baseUrl: string) {
  const host = new URL(baseUrl).hostname;
  return [
    {
      identifier: `urn:air:${host}:web-bot-auth:key-directory`,
      displayName: 'AgentReadinessScanner key directory',
      type: 'application/http-message-signatures-directory+json',
      url: `${baseUrl}${PATHS.keyDirectory}`,
    },
    {
      identifier: `urn:air:${host}:web-bot-auth:signature-agent-card`,
      displayName: 'AgentReadinessScanner Signature Agent Card',
      type: 'application/json',
      url: `${baseUrl}${PATHS.signatureAgentCard}`,
    },
    {
      identifier: `urn:air:${host}:auth:auth-md`,
      displayName: 'auth.md: how agents get credentials',
      type: 'text/markdown',
      url: `${baseUrl}${PATHS.authMd}`,
    },
  ];
}

/**
 * The AI Catalog. Its MCP entry names the revisions the server speaks in the entry's
 * `extensions` (the catalog's place for custom data), as the card does on its remote.
 */
export function aiCatalog(baseUrl: string): unknown {
  return {
    specVersion: '1.0',
    host: { displayName: SERVICE_NAME, documentationUrl: `${baseUrl}${PATHS.docs}` },
    entries: [
      {
        ...cardEntry(baseUrl),
        extensions: { supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS] },
      },
      ...identityEntries(baseUrl),
    ],
  };
}

/** The MCP Catalog of the discovery draft before 2026-07-20, for clients that still read it. */
export function mcpCatalog(baseUrl: string): unknown {
  return { specVersion: 'draft', entries: [{ ...cardEntry(baseUrl), displayName: SERVICE_NAME }] };
}

/**
 * The server card (SEP-2127, the schema's v2 shape): identity, the one remote and, on it, the
 * protocol revisions served, consistent with `server/discover` and `initialize`.
 */
export function serverCard(baseUrl: string): unknown {
  const tools = mcpToolRoutes().length;
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
    name: reverseDnsName(baseUrl),
    version: SERVER_INFO.version,
    title: SERVICE_NAME,
    description: `Read tools over the scan and monitor API (${tools} tools).`.slice(0, 100),
    websiteUrl: `${baseUrl}${PATHS.docs}#mcp`,
    remotes: [
      {
        type: 'streamable-http',
        url: `${baseUrl}${PATHS.mcpEndpoint}`,
        headers: [
          {
            name: 'Authorization',
            description: 'Bearer API key',
            isRequired: true,
            isSecret: true,
          },
        ],
        supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS],
      },
    ],
    _meta: { summary: SERVICE_SUMMARY },
  };
}

/** Agent Skills discovery index (schema 0.2.0): one skill, how to scan a domain with the API. */
export function skillsIndex(baseUrl: string): unknown {
  return {
    $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
    skills: [
      {
        name: 'scan-a-domain',
        description: 'Scan a domain for agent readiness with this API and explain the top fixes.',
        url: `${baseUrl}${PATHS.skill}`,
      },
    ],
  };
}

export function skillMarkdown(baseUrl: string): string {
  return [
    '---',
    'name: scan-a-domain',
    'description: Scan a domain for agent readiness with this API and explain the top fixes.',
    '---',
    '',
    `# Scan a domain with the ${SERVICE_NAME}`,
    '',
    `1. POST ${baseUrl}/api/v1/scans with JSON {"domain": "example.com"} (no key needed for 3 scans a day; send "Authorization: Bearer <key>" otherwise).`,
    '2. Read `scan.score` (0 to 100) and `scan.checks[]`: each finding has a `state`, a `text` ending "(+N points)" when it names a fix, and the `standard` it is judged against.',
    '3. Report the three fixes with the largest gains, quoting their standards; link the result page `scan.url`.',
    '',
    `API description: ${baseUrl}${PATHS.openapi}. Documentation: ${baseUrl}${PATHS.docs}.`,
    '',
  ].join('\n');
}
