/**
 * The standards registry: every text a scan signal is judged against, with the revision we
 * read and its date, and which finding names which standard (docs/scan-engine.md
 * "Standards"). Every finding of a scan carries `standard: {name, url, revision}` from here;
 * `/docs#standards` renders this list and the drift log in `standards-drift.ts`.
 *
 * A revision's `date` is the date of the text itself (publication, or the newest commit we
 * read); `checked` is the day we last re-read it against the scan's rules.
 */
import type { CheckId, FindingStandard } from './types.ts';

export type StandardStatus = 'final' | 'draft' | 'deprecated';

export interface StandardEntry {
  id: StandardId;
  name: string;
  url: string;
  /** The revision or draft name we judge against. */
  revision: string;
  /** Date of that revision (YYYY-MM-DD, or YYYY-MM when only the month is published). */
  date: string;
  status: StandardStatus;
  /** The day the text was last re-read for the scan's rules. */
  checked: string;
  /** What the scan reads from it, in a few words (docs page). */
  scope: string;
}

const READ = '2026-11-25';

const ENTRIES = [
  [
    'rfc9309',
    'Robots Exclusion Protocol (RFC 9309), with google/robotstxt test vectors',
    'https://www.rfc-editor.org/rfc/rfc9309',
    'RFC 9309; robotstxt vectors at 22b355f',
    '2022-09',
    'final',
    'robots.txt groups, rules, longest match, BOM handling',
  ],
  [
    'content-signals',
    'Content Signals',
    'https://contentsignals.org/',
    'contentsignals.org; draft-romm-aipref-contentsignals-00',
    '2025-10-01',
    'draft',
    'Content-Signal in robots.txt and as an HTTP header',
  ],
  [
    'aipref-attach',
    'AI preferences: attaching to content (IETF AIPREF)',
    'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
    'draft-ietf-aipref-attach-05',
    '2026-08-19',
    'draft',
    'Content-Usage in robots.txt groups and as an HTTP header',
  ],
  [
    'aipref-vocab',
    'AI usage preference vocabulary (IETF AIPREF)',
    'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/',
    'draft-ietf-aipref-vocab-07',
    '2026-08-19',
    'draft',
    'labels train-ai and search, values y and n',
  ],
  [
    'rfc9651',
    'Structured Field Values for HTTP (RFC 9651)',
    'https://www.rfc-editor.org/rfc/rfc9651',
    'RFC 9651',
    '2024-09',
    'final',
    'Dictionary syntax of Content-Usage',
  ],
  [
    'rsl',
    'Really Simple Licensing (RSL 1.0)',
    'https://rslstandard.org/guide/robots-txt',
    'RSL 1.0',
    '2025-12-10',
    'final',
    'License: directive in robots.txt',
  ],
  [
    'sitemaps',
    'Sitemaps XML format',
    'https://www.sitemaps.org/protocol.html',
    'sitemaps.org protocol 0.9',
    '2016-11-21',
    'final',
    'sitemap and sitemap index, loc and lastmod',
  ],
  [
    'html',
    'HTML Living Standard (WHATWG)',
    'https://html.spec.whatwg.org/',
    'Living Standard',
    READ,
    'final',
    'server-rendered text, headings, landmarks, head metadata',
  ],
  [
    'llms-txt',
    'llms.txt',
    'https://llmstxt.org/',
    'llmstxt.org proposal',
    '2024-09-03',
    'draft',
    'llms.txt H1, summary, link sections, llms-full.txt',
  ],
  [
    'markdown-agents',
    'Markdown for agents (RFC 9110 content negotiation, RFC 7763 text/markdown)',
    'https://www.rfc-editor.org/rfc/rfc9110#name-content-negotiation',
    'RFC 9110 §12; RFC 7763',
    '2022-06',
    'final',
    'Accept: text/markdown, Vary: Accept, markdown mirrors',
  ],
  [
    'schema-org',
    'JSON-LD 1.1 with the schema.org vocabulary',
    'https://www.w3.org/TR/json-ld11/',
    'W3C Recommendation JSON-LD 1.1; schema.org current release',
    '2020-07-16',
    'final',
    'JSON-LD blocks, Organization/WebSite identity, sameAs',
  ],
  [
    'open-graph',
    'The Open Graph protocol',
    'https://ogp.me/',
    'ogp.me',
    '2014-10-20',
    'final',
    'og:title, og:description, og:image',
  ],
  [
    'rfc9727',
    'api-catalog well-known URI (RFC 9727)',
    'https://www.rfc-editor.org/rfc/rfc9727',
    'RFC 9727',
    '2025-06',
    'final',
    '/.well-known/api-catalog linkset, service-desc',
  ],
  [
    'openapi',
    'OpenAPI Specification',
    'https://spec.openapis.org/oas/v3.1.1.html',
    'OpenAPI 3.1.1',
    '2024-10-24',
    'final',
    'the service description the catalog names',
  ],
  [
    'rfc8288',
    'Web Linking (RFC 8288)',
    'https://www.rfc-editor.org/rfc/rfc8288',
    'RFC 8288',
    '2017-10',
    'final',
    'Link header relations on the homepage',
  ],
  [
    'rfc9728',
    'OAuth 2.0 Protected Resource Metadata (RFC 9728)',
    'https://www.rfc-editor.org/rfc/rfc9728',
    'RFC 9728',
    '2025-04',
    'final',
    '/.well-known/oauth-protected-resource',
  ],
  [
    'rfc8414',
    'OAuth 2.0 Authorization Server Metadata (RFC 8414)',
    'https://www.rfc-editor.org/rfc/rfc8414',
    'RFC 8414',
    '2018-06',
    'final',
    'authorization-server metadata',
  ],
  [
    'mcp-discovery',
    'MCP discovery: AI Catalog entries and Server Cards',
    'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
    'protocol revision "draft" at 8924e08',
    '2026-07-24',
    'draft',
    'server card from the catalog entry url, Accept application/mcp-server-card+json, CORS',
  ],
  [
    'mcp-catalog',
    'MCP Catalog at /.well-known/mcp/catalog.json',
    'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
    'discovery draft before 1491bd2',
    '2026-07-13',
    'deprecated',
    'the MCP-only catalog, replaced by the AI Catalog on 2026-07-20',
  ],
  [
    'mcp-card-well-known',
    'MCP server card under /.well-known',
    'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
    'earlier server-card drafts (SEP-2127)',
    '2025-11',
    'deprecated',
    '/.well-known/mcp/server-card.json, /.well-known/mcp.json',
  ],
  [
    'ai-catalog',
    'AI Catalog',
    'https://github.com/Agent-Card/ai-catalog/blob/main/specification/ai-catalog.md',
    'specification at 0379c86 (specVersion 1.0)',
    '2026-07',
    'draft',
    '/.well-known/ai-catalog.json: specVersion, entries with identifier, type, url or data',
  ],
  [
    'a2a',
    'Agent2Agent (A2A) Protocol',
    'https://github.com/a2aproject/A2A/blob/main/specification/a2a.proto',
    'A2A 1.0 (v1.0.1; a2a.proto at cfc9d34)',
    '2026-07-21',
    'final',
    'AgentCard required members and AgentInterface',
  ],
  [
    'a2a-0.3',
    'A2A agent card v0.3 shape',
    'https://a2a-protocol.org/v0.3.0/specification/',
    'A2A 0.3.0',
    '2025-07-30',
    'deprecated',
    'top-level url, preferredTransport, protocolVersion',
  ],
  [
    'agent-skills',
    'Agent Skills discovery index',
    'https://agentskills.io/',
    'discovery schema 0.2.0',
    '2026-03',
    'draft',
    '/.well-known/agent-skills/index.json',
  ],
  [
    'webmcp',
    'WebMCP (W3C Web Machine Learning CG)',
    'https://webmachinelearning.github.io/webmcp/',
    'Community Group draft',
    '2026-10',
    'draft',
    'document.modelContext.registerTool, <form toolname tooldescription>',
  ],
  [
    'webmcp-navigator',
    'WebMCP navigator.modelContext alias',
    'https://webmachinelearning.github.io/webmcp/',
    'earlier CG drafts',
    '2026-08',
    'deprecated',
    'navigator.modelContext, kept as an alias',
  ],
  [
    'agents-json',
    'agents.json / Agent Resource Description manifests',
    'https://github.com/wild-card-ai/agents-json',
    'agents.json 0.1',
    '2025-03',
    'draft',
    '/.well-known/agents.json, /.well-known/ard.json',
  ],
  [
    'wikidata',
    'Wikidata entity data',
    'https://www.wikidata.org/wiki/Wikidata:Data_access',
    'Special:EntityData JSON',
    READ,
    'final',
    'P856 official website of a sameAs QID',
  ],
  [
    'scoring',
    'Agent-readiness scoring (this service)',
    '/docs#scoring',
    'scoring_version 2',
    '2026-06',
    'final',
    'half credit, site type, reachable maximum',
  ],
] as const;

export type StandardId = (typeof ENTRIES)[number][0];

/** The registry, in display order. */
export const STANDARDS: readonly StandardEntry[] = ENTRIES.map(
  ([id, name, url, revision, date, status, scope]) => ({
    id,
    name,
    url,
    revision,
    date,
    status,
    checked: READ,
    scope,
  }),
);

const BY_ID = new Map<string, StandardEntry>(STANDARDS.map((entry) => [entry.id, entry]));

export function standardEntry(id: StandardId): StandardEntry {
  const entry = BY_ID.get(id);
  if (entry === undefined) throw new Error(`No standard ${id} in the registry`);
  return entry;
}

/** What a finding carries: the name, where to read it, and the revision judged against. */
export function standardRef(id: StandardId): FindingStandard {
  const entry = standardEntry(id);
  return { name: entry.name, url: entry.url, revision: entry.revision };
}

/** The standard of a signal, per check; `undefined` key: the check's other findings. */
const SIGNAL_STANDARDS: Record<CheckId, Record<string, StandardId> & { default: StandardId }> = {
  crawler: {
    default: 'rfc9309',
    'content-signal': 'content-signals',
    'edge-identified-client': 'scoring',
    'edge-ai-crawlers': 'scoring',
  },
  sitemap: { default: 'sitemaps' },
  render: { default: 'html' },
  llms: { default: 'llms-txt' },
  markdown: { default: 'markdown-agents' },
  schema: {
    default: 'schema-org',
    'open-graph': 'open-graph',
    metadata: 'html',
    h1: 'html',
    landmarks: 'html',
  },
  api: {
    default: 'rfc9727',
    'service-desc': 'openapi',
    'link-header': 'rfc8288',
    prm: 'rfc9728',
    'auth-server': 'rfc8414',
  },
  agent: {
    default: 'scoring',
    'mcp-card': 'mcp-discovery',
    'mcp-live': 'mcp-discovery',
    'a2a-card': 'a2a',
    skills: 'agent-skills',
    manifests: 'ai-catalog',
  },
  entity: { default: 'schema-org', wikidata: 'wikidata' },
};

/** The standard a signal's findings name when the finding does not name its own. */
export function standardForSignal(check: CheckId, key: string | undefined): FindingStandard {
  const table = SIGNAL_STANDARDS[check];
  return standardRef((key !== undefined ? table[key] : undefined) ?? table.default);
}
