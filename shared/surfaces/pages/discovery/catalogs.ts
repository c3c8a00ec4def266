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
 * The entries of the agent catalog, each valid for every reader (issue 37): ARD v0.91 needs
 * displayName and wants 2 to 5 representativeQueries; Lighthouse 13.5.0's ard-schema audit
 * validates the same (and warns on types outside its list of discovery types, so only the MCP
 * Server Card and the Agent Skill are listed: the scanner's key directory, Signature Agent Card
 * and auth.md are found at their own well-known paths and in robots.txt). The MCP entry names the
 * revisions the server speaks in `extensions`, as the card does on its remote.
 */
function catalogEntries(baseUrl: string) {
  const host = new URL(baseUrl).hostname;
  return [
    {
      ...cardEntry(baseUrl),
      displayName: `${SERVICE_NAME} (MCP)`,
      description: SERVICE_SUMMARY,
      representativeQueries: [
        'how agent-ready is example.com',
        'scan my website for AI agent readiness and list the top fixes',
        'how do AI assistants answer about my brand this month',
      ],
      extensions: { supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS] },
    },
    {
      identifier: `urn:air:${host}:skill:scan-a-domain`,
      displayName: 'Scan a domain for agent readiness',
      type: 'text/markdown; profile="urn:air:agent-skills"',
      url: `${baseUrl}${PATHS.skill}`,
      description: 'How an agent scans a domain with this API and explains the top fixes.',
      representativeQueries: [
        'check whether my site is ready for AI agents',
        'what should I fix first so AI crawlers can read my site',
      ],
    },
  ];
}

/**
 * The agent catalog, one document valid for both texts that name it: the AI Catalog at
 * /.well-known/ai-catalog.json (specVersion, host, entries; what MCP discovery reads) and ARD
 * v0.91's manifest at /.well-known/ard.json (entries; other top-level members ignored), served
 * at both paths. Only the three top-level members Lighthouse's schema admits.
 */
export function aiCatalog(baseUrl: string): unknown {
  return {
    specVersion: '1.0',
    host: { displayName: SERVICE_NAME, documentationUrl: `${baseUrl}${PATHS.docs}` },
    entries: catalogEntries(baseUrl),
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
