/**
 * Wire schemas of the agent analytics (additions, docs/api.md "Agent analytics";
 * docs/agent-logs.md): an access log's upload and its processing state, one domain's agents over
 * a period with its never-fetched pages and conflicts.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { INGEST_STATUSES } from './ports.ts';

export const LOG_FORMAT_CHOICES = ['auto', 'combined', 'cloudfront', 'jsonl'] as const;

const DomainField = z.string().min(1).max(300).meta({
  description:
    'A domain the account has scanned, as scans store it (e.g. `example.com`, or `127.0.0.1:4100` on the local stack)',
  example: 'example.com',
});

export const AgentLogDomainParamsSchema = z.object({ domain: DomainField });

export const AgentLogParamsSchema = z.object({
  domain: DomainField,
  id: RecordIdSchema.meta({ description: 'The upload id the upload answered' }),
});

export const UploadAgentLogQuerySchema = z.object({
  format: z.enum(LOG_FORMAT_CHOICES).default('auto').meta({
    description:
      'How to read the log: `combined` (Apache/nginx), `cloudfront` (CloudFront standard logs, W3C), `jsonl` (Cloudflare Logpush HTTP requests field names), or `auto` (the one that reads most of the first 100 lines)',
  }),
});

const IsoDay = z.iso.date().meta({ example: '2026-11-01' });

export const DomainAgentsQuerySchema = z.object({
  from: IsoDay.optional().meta({ description: 'First day (UTC), default 29 days before `to`' }),
  to: IsoDay.optional().meta({ description: 'Last day (UTC), default today' }),
});

export const IngestSummarySchema = z
  .object({
    id: z.uuid(),
    domain: z.string(),
    status: z.enum(INGEST_STATUSES),
    bytes: z.number().int().min(0).meta({ description: 'Size of the body as sent' }),
    format: z.enum(['combined', 'cloudfront', 'jsonl']).meta({
      description: 'The format the log is read in (the one `auto` chose)',
    }),
  })
  .meta({ id: 'AgentLogUpload' });

export const UploadAgentLogResponseSchema = z.object({ ingest: IngestSummarySchema });

export const SkippedLineSchema = z.object({
  line: z.number().int().min(1),
  reason: z.string(),
});

export const IngestSchema = IngestSummarySchema.extend({
  lines: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Log lines read (blank and header lines left out); null until done' }),
  parsed: z.number().int().nullable().meta({ description: 'Lines read as requests' }),
  skipped: z.number().int().nullable().meta({ description: 'Lines that could not be read' }),
  skipped_reasons: z.array(SkippedLineSchema).meta({
    description: 'The first skipped lines, by number and reason (never their text)',
  }),
  agents: z.array(z.string()).meta({ description: 'Registry agents found (their tokens)' }),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  error: z.string().nullable().meta({ description: 'Why processing failed; null otherwise' }),
}).meta({ id: 'AgentLogIngest' });

export const GetAgentLogResponseSchema = z.object({ ingest: IngestSchema });

const StatusClassesSchema = z.object({
  '2xx': z.number().int(),
  '3xx': z.number().int(),
  '4xx': z.number().int(),
  '5xx': z.number().int(),
});

export const AgentRowSchema = z
  .object({
    agent: z.string().meta({ description: "The registry's product token", example: 'GPTBot' }),
    operator: z.string(),
    purpose: z.enum(['training', 'search', 'user', 'other']),
    hits: z.number().int().meta({ description: 'Requests that name the agent' }),
    verified_hits: z.number().int().meta({ description: "From inside the operator's ranges" }),
    spoofed_hits: z
      .number()
      .int()
      .meta({ description: "Claiming the agent from outside the operator's published ranges" }),
    unique_paths: z.number().int(),
    status: StatusClassesSchema,
    bytes: z.number().int(),
    first_seen: z.iso.datetime(),
    last_seen: z.iso.datetime(),
    top_paths: z.array(z.object({ path: z.string(), hits: z.number().int() })),
  })
  .meta({ id: 'DomainAgent' });

export const ConflictSchema = z
  .object({
    agent: z.string(),
    path: z.string(),
    status: z.number().int().meta({ description: 'What the agent got: 401, 403, 429 or 5xx' }),
    robots: z.string().meta({ description: 'What robots.txt of the latest scan says there' }),
  })
  .meta({ id: 'AgentConflict' });

export const DomainAgentsResponseSchema = z.object({
  agents: z
    .array(AgentRowSchema)
    .meta({ description: 'Agents seen in the period, most hits first' }),
  never_fetched: z.array(z.string()).meta({
    description: "Paths of the latest scan's sitemap no verified agent fetched in the period",
  }),
  conflicts: z.array(ConflictSchema).meta({
    description:
      "Refusals (401, 403, 429, 5xx) of agents not spoofed where the latest scan's robots.txt allows them",
  }),
});

export type AgentLogDomainParams = z.infer<typeof AgentLogDomainParamsSchema>;
export type AgentLogParams = z.infer<typeof AgentLogParamsSchema>;
export type UploadAgentLogQuery = z.infer<typeof UploadAgentLogQuerySchema>;
export type DomainAgentsQuery = z.infer<typeof DomainAgentsQuerySchema>;
export type UploadAgentLogResponse = z.infer<typeof UploadAgentLogResponseSchema>;
export type GetAgentLogResponse = z.infer<typeof GetAgentLogResponseSchema>;
export type DomainAgentsResponse = z.infer<typeof DomainAgentsResponseSchema>;
