/**
 * The dashboard's routes of a domain's Agents tab (docs/dashboard.md, docs/agent-logs.md "The
 * dashboard"): the tab, over `get_domain_agents` and the domain's uploads, and the upload form,
 * over `upload_agent_log` (the file sent as it is by the page's script, with the CSRF token in a
 * header, or as a multipart form without it); part of `DASHBOARD_ROUTES`.
 */
import { UploadAgentLogQuerySchema } from '#shared/domain/agent-logs/schemas';
import { MAX_UPLOAD_BYTES } from '#shared/domain/agent-logs/upload';
import { AgentsPageQuerySchema, DomainPathSchema } from '#shared/surfaces/dashboard/forms';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { FORM_ERRORS, form, PAGE_ERRORS, page } from './route-kinds.ts';

export const AGENT_PAGE_ROUTES = {
  dashboard_agents: page(
    'dashboard_agents',
    '/dashboard/agents',
    'The AI agents section: the scanned domains, each with a link to its Agents tab (`list_domains`)',
    'domain',
    { errors: [...PAGE_ERRORS, 'invalid_request'] },
  ),
  dashboard_domain_agents: page(
    'dashboard_domain_agents',
    '/dashboard/domains/{domain}/agents',
    "One domain's Agents tab: which AI agents fetched it, verified or spoofed, never-fetched pages, conflicts with robots.txt, uploads and the upload form",
    'domain',
    {
      request: { params: DomainPathSchema, query: AgentsPageQuerySchema },
      errors: [...PAGE_ERRORS, 'not_found', 'invalid_domain', 'invalid_request'],
    },
  ),
  dashboard_upload_agent_log: form(
    'dashboard_upload_agent_log',
    '/dashboard/domains/{domain}/agent-logs',
    'Upload an access log of the domain (`upload_agent_log`; 303 to the Agents tab)',
    'upload-agent-log',
    {
      request: {
        params: DomainPathSchema,
        query: UploadAgentLogQuerySchema,
        rawBody: {
          // A multipart form carries the file and two small fields besides.
          maxBytes: MAX_UPLOAD_BYTES + 64 * 1024,
          mediaTypes: ['text/plain', 'application/gzip', 'multipart/form-data'],
          description: 'The access log as sent by the page (or a multipart form with `file`).',
        },
      },
      errors: [
        ...FORM_ERRORS,
        'invalid_domain',
        'not_found',
        'payload_too_large',
        'unrecognized_log_format',
      ],
      enqueues: ['agent-logs'],
    },
  ),
} as const satisfies Record<string, RouteDefinition>;
