/**
 * Wire schemas of the scan area (docs/api.md "Scans"). They validate input, type the
 * operations and generate the OpenAPI document; the `id` in `.meta()` names the component.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { pageQueryFields } from '#shared/domain/kernel/page-query';
import { CHECK_IDS } from '#shared/domain/scan-engine/types';

export const ScanIdSchema = RecordIdSchema;

export const FindingSchema = z
  .object({
    id: z.string().meta({
      description:
        'Addition: the finding id, `<check id>.<slug>`, the same for the same condition on every scan and site (`GET /api/v1/finding-types` lists them; docs: #findings). Findings stored before ids existed read `<check id>.unidentified`.',
      example: 'llms.missing',
    }),
    state: z.enum(['good', 'warn', 'bad', 'unknown', 'info']),
    text: z.string(),
    standard: z
      .object({ name: z.string(), url: z.string(), revision: z.string() })
      .optional()
      .meta({
        description:
          'Addition: the standard and revision this finding is judged against (docs: #standards). Absent on scans stored before it existed.',
      }),
  })
  .meta({ id: 'Finding' });

export const CheckSchema = z
  .object({
    id: z.string().meta({ example: 'crawler' }),
    pillar: z.enum(['R', 'E', 'A', 'D']).meta({
      description: 'R Retrievable, E Explainable, A Actionable, D Distributed',
    }),
    title: z.string(),
    state: z.enum(['good', 'warn', 'bad', 'unknown']).meta({
      description: '`unknown` with `max` 0 when nothing in the check applies or could be evaluated',
    }),
    score: z.number().min(0),
    max: z.number().min(0),
    findings: z.array(FindingSchema),
  })
  .meta({ id: 'Check' });

const WALL_KINDS = ['challenge', 'waf', 'rate-limit'] as const;

export const ScanEnvironmentSchema = z
  .object({
    scanned_from: z.string().meta({
      description: '`local`, or the AWS region the scan ran in',
      example: 'eu-west-1',
    }),
    user_agent: z.string().meta({ description: 'The User-Agent every request of the scan sent' }),
    signed: z.boolean().meta({
      description: 'Every request carried a Web Bot Auth signature (docs: #scanner)',
    }),
    paywalled: z.boolean().meta({
      description:
        'Some page of the site answered the scanner HTTP 402 (x402 or another payment request): paywalled for agents, never scored as broken',
    }),
    blocked_by: z
      .object({
        kind: z.enum(WALL_KINDS),
        by: z.string().meta({ example: 'a Cloudflare challenge page' }),
        evidence: z.string().meta({ example: 'HTTP 403, cf-mitigated: challenge' }),
        url: z.string(),
      })
      .nullable()
      .meta({ description: 'What answered instead of the site (null: nothing did)' }),
    partial_checks: z.array(z.enum(CHECK_IDS)).meta({
      description:
        'Checks judged on fewer documents than planned, or not judged ("Not judged: blocked by ..."), because of a wall',
    }),
  })
  .meta({
    id: 'ScanEnvironment',
    description:
      'Addition: where the scan ran and what stood in its way (docs: #environment). Absent on scans stored before it existed.',
    'x-addition': true,
  });

const PEER_VERDICT = z.enum(['pass', 'warn', 'fail', 'na']);

export const ScanPeersSchema = z
  .object({
    lighthouse: z.object({
      version: z.string().meta({ example: '13.5.0' }),
      audits: z
        .object({
          'llms-txt': PEER_VERDICT.optional(),
          'ard-schema': PEER_VERDICT.optional(),
          'webmcp-form-coverage': PEER_VERDICT.optional(),
        })
        .meta({
          description:
            'Per Lighthouse audit id: `pass` (score 1), `warn` (0.9), `fail` (0), `na` (not applicable, or informative only), computed from its published rules',
        }),
      not_judged: z
        .record(z.string(), z.string())
        .meta({ description: 'Audits this scan could not compute, and why' }),
    }),
  })
  .meta({
    id: 'ScanPeers',
    description:
      'Addition: what other judges would say (docs: #peers). Where our verdict differs, the check carries an info finding saying why. Absent on scans stored before it existed.',
    'x-addition': true,
  });

export const ScanSchema = z
  .object({
    id: z.uuid(),
    domain: z.string().meta({ example: 'example.com' }),
    score: z.number().int().min(0).max(100),
    scoring_version: z.number().int().meta({ example: 2 }),
    created_at: z.iso.datetime(),
    url: z.url().meta({ description: 'Address of the shareable result page' }),
    checks: z.array(CheckSchema),
    environment: ScanEnvironmentSchema.optional(),
    peers: ScanPeersSchema.optional(),
  })
  .meta({ id: 'Scan' });

export const StatsSchema = z
  .object({
    domains: z.number().int().min(0),
    scans: z.number().int().min(0),
    scoring_version: z.number().int(),
    median_score: z.number().nullable().meta({ description: 'null until the first scan' }),
    updated_at: z.iso.datetime().nullable(),
    score_distribution: z
      .array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() }))
      .meta({ description: 'Scan counts in ten score bands (0-9, ..., 90-100).' }),
    check_failure_rate: z
      .record(z.string(), z.number())
      .meta({ description: 'Per check id: fraction of scans where the check was `bad`.' }),
  })
  .meta({ id: 'Stats' });

export const CreateScanBodySchema = z
  .object({
    domain: z.string().meta({
      description: 'Host name or URL to scan; the scheme and a leading `www.` may be left out',
      example: 'example.com',
    }),
  })
  .meta({ id: 'CreateScanRequest' });

export const ScanIdParamsSchema = z.object({
  id: ScanIdSchema.meta({ description: 'Scan id (UUID)' }),
});

/** `/badge/{domain}`: the domain with `.svg` appended; anything else answers "not scanned". */
export const BadgeParamsSchema = z.object({
  domain: z.string().max(300).meta({ description: 'Domain with `.svg`, e.g. `example.com.svg`' }),
});

export const ListScansQuerySchema = z.object(pageQueryFields('Scans'));

export const ScanSummarySchema = z
  .object({
    id: z.uuid(),
    domain: z.string(),
    score: z.number().int().min(0).max(100),
    scoring_version: z.number().int(),
    created_at: z.iso.datetime(),
    url: z.url().meta({ description: 'Address of the shareable result page' }),
  })
  .meta({ id: 'ScanSummary' });

export const ListScansResponseSchema = z.object({
  scans: z.array(ScanSummarySchema).meta({ description: "The account's scans, newest first" }),
  next_cursor: z.string().nullable().meta({
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
});

export const FindingTypeSchema = z
  .object({
    id: z.string().meta({ example: 'llms.missing' }),
    check: z.string().meta({ example: 'llms', description: 'The check that raises it' }),
    title: z.string().meta({ example: 'No llms.txt' }),
    standard: z
      .object({ name: z.string(), url: z.string(), revision: z.string() })
      .optional()
      .meta({ description: 'The standard and revision it is judged against, when one applies' }),
    fix: z.string().meta({ description: 'What to do about it (passing states say so)' }),
  })
  .meta({ id: 'FindingType' });

export const FindingTypesResponseSchema = z.object({
  finding_types: z.array(FindingTypeSchema).meta({
    description: 'Every finding id the scan engine can raise, in report order of the checks',
  }),
  scoring_version: z.number().int().meta({
    example: 2,
    description: 'The scoring version the ids are pinned to; a change of meaning is a new id',
  }),
});

export const ScanResponseSchema = z.object({ scan: ScanSchema });
export const StatsResponseSchema = z.object({ stats: StatsSchema });

export type Scan = z.infer<typeof ScanSchema>;
export type Stats = z.infer<typeof StatsSchema>;
export type FindingTypesResponse = z.infer<typeof FindingTypesResponseSchema>;
export type CreateScanBody = z.infer<typeof CreateScanBodySchema>;
export type ScanIdParams = z.infer<typeof ScanIdParamsSchema>;
export type BadgeParams = z.infer<typeof BadgeParamsSchema>;
export type ListScansQuery = z.infer<typeof ListScansQuerySchema>;
export type ListScansResponse = z.input<typeof ListScansResponseSchema>;
