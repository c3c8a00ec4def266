/**
 * The route manifest's agent-analytics entries (additions; docs/agent-logs.md): uploading an
 * access log of a scanned domain, its processing state, the domain's agents over a period, and
 * the public registry of AI agents with their published ranges. None is an MCP tool: the tool
 * server keeps the contract's seven read tools (docs/decisions.md "Agent analytics (issue 30)").
 */
import {
  AgentLogDomainParamsSchema,
  AgentLogParamsSchema,
  DomainAgentsQuerySchema,
  DomainAgentsResponseSchema,
  GetAgentLogResponseSchema,
  UploadAgentLogQuerySchema,
  UploadAgentLogResponseSchema,
} from '#shared/domain/agent-logs/schemas';
import { MAX_UPLOAD_BYTES } from '#shared/domain/agent-logs/upload';
import { AgentRegistryResponseSchema } from '#shared/domain/agents/schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const KEY_ERRORS = ['unauthorized', 'insufficient_scope'] as const;

/**
 * The three read routes share one function (the API stack's 500-resource limit; docs/decisions.md
 * "Agent analytics (issue 30)"): the route key picks the route.
 */
const AGENT_READS = 'functions/http/agents/read.ts';

/** The agent-analytics routes of docs/api.md "Agent analytics". */
export const AGENT_ROUTES = {
  upload_agent_log: {
    operationId: 'upload_agent_log',
    area: 'agents',
    method: 'POST',
    path: '/api/v1/domains/{domain}/agent-logs',
    summary: 'Upload an access log of a scanned domain',
    description:
      'The raw log (`Content-Type: text/plain`) or gzip (`Content-Encoding: gzip` or `Content-Type: application/gzip`), at most 6 MB as sent and 200 MB expanded; larger logs go up in parts. Answers 202 with the upload, processed off the request path (read its state with `get_agent_log`). The same log again, compressed or not, answers 200 with the upload it made before and counts nothing twice. Nothing of a refused body is kept or counted. No raw line and no address is stored.',
    tag: 'Agent analytics',
    auth: 'required',
    scope: 'scans:write',
    request: {
      params: AgentLogDomainParamsSchema,
      query: UploadAgentLogQuerySchema,
      rawBody: {
        maxBytes: MAX_UPLOAD_BYTES,
        mediaTypes: ['text/plain', 'application/gzip'],
        description:
          'The access log: Apache/nginx combined, CloudFront standard (W3C) or JSON lines (Cloudflare Logpush HTTP requests fields), as text or gzip.',
      },
    },
    response: {
      status: 202,
      schema: UploadAgentLogResponseSchema,
      alternatives: [
        { status: 200, description: 'The same log was uploaded before: its upload, unchanged' },
      ],
    },
    errors: [...KEY_ERRORS, 'invalid_domain', 'not_found', 'unrecognized_log_format'],
    data: 'readwrite',
    handler: 'functions/http/agents/upload-agent-log.ts',
    enqueues: ['agent-logs'],
    mcpTool: false,
    addition: true,
  },
  get_agent_log: {
    operationId: 'get_agent_log',
    area: 'agents',
    method: 'GET',
    path: '/api/v1/domains/{domain}/agent-logs/{id}',
    summary: "An uploaded access log's processing state",
    description:
      '`queued`, `processing`, `done` or `failed`; once done, the lines read, parsed and skipped (the first skipped lines by number and reason, never their text) and the registry agents found.',
    tag: 'Agent analytics',
    auth: 'required',
    scope: 'scans:read',
    request: { params: AgentLogParamsSchema },
    response: { status: 200, schema: GetAgentLogResponseSchema },
    errors: [...KEY_ERRORS, 'invalid_domain', 'not_found'],
    data: 'read',
    handler: AGENT_READS,
    mcpTool: false,
    addition: true,
  },
  get_domain_agents: {
    operationId: 'get_domain_agents',
    area: 'agents',
    method: 'GET',
    path: '/api/v1/domains/{domain}/agents',
    summary: 'Which AI agents fetched the domain, verified or spoofed, and what they got',
    description:
      "From the domain's uploaded access logs over a period (default the last 30 days): per registry agent the hits (verified and spoofed against the operator's published ranges), the paths, the status classes and bytes; the pages of the latest scan's sitemap no verified agent fetched; and the refusals (401, 403, 429, 5xx) where the latest scan's robots.txt allows the agent. A domain the account has not scanned is 404.",
    tag: 'Agent analytics',
    auth: 'required',
    scope: 'scans:read',
    request: { params: AgentLogDomainParamsSchema, query: DomainAgentsQuerySchema },
    response: { status: 200, schema: DomainAgentsResponseSchema },
    errors: [...KEY_ERRORS, 'invalid_domain', 'invalid_request', 'not_found'],
    data: 'read',
    handler: AGENT_READS,
    mcpTool: false,
    addition: true,
  },
  get_agent_registry: {
    operationId: 'get_agent_registry',
    area: 'agents',
    method: 'GET',
    path: '/api/v1/agent-registry',
    summary: 'The registry of AI agents and the ranges that verify them',
    description:
      "Every agent the analytics recognise by its User-Agent product token: its operator, its purpose (`training`, `search`, `user` for fetches a person asked for, `other`), and the address ranges its operator publishes (`verification: ranges`, dated, with the list's address) or none (`verification: none`, its hits are unverifiable). Public, no key.",
    tag: 'Agent analytics',
    auth: 'none',
    response: { status: 200, schema: AgentRegistryResponseSchema },
    errors: [],
    data: 'read',
    handler: AGENT_READS,
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
