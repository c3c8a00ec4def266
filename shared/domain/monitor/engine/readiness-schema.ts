/**
 * The `readiness_gaps` field of the case summary (docs/monitor.md "Readiness of the cited pages",
 * issue 16): the agent-readiness scans of the sites the models cite where competitors win, next
 * to the brand's own scan, per check of the scan engine. Kept apart from summary-schema.ts so the
 * summary's own file stays short; published in OpenAPI through `CaseSummary`.
 */
import { z } from 'zod';
import { CHECK_IDS } from '#shared/domain/scan-engine/types';

/** The nine checks of the scan engine, in report order (docs/scan-engine.md "Checks"). */
export const READINESS_CHECK_IDS = CHECK_IDS;

export type ReadinessCheckId = (typeof READINESS_CHECK_IDS)[number];

const count = z.number().int().min(0);

export const READINESS_SITE_STATUSES = ['scanned', 'unreachable'] as const;

export const ReadinessSiteSchema = z
  .object({
    domain: z.string().meta({ description: 'The site as the scan reports it (host, port if any)' }),
    origin: z.string().meta({ description: 'What was scanned: scheme, host and port' }),
    answers: count.meta({
      description:
        'Online answers citing this site in which a competitor is cited or named and the brand’s site is not (0 for the brand)',
    }),
    status: z.enum(READINESS_SITE_STATUSES).meta({
      description:
        '`unreachable`: the site could not be scanned (no answer, refused, not a site); it counts neither as passing nor as failing',
    }),
    scan_id: z.string().nullable(),
    score: z.number().int().min(0).max(100).nullable(),
    reused: z.boolean().meta({
      description: 'The scan was a stored scan of this site younger than a day (not run again)',
    }),
    error: z.string().nullable().meta({ description: 'Why an unreachable site was not scanned' }),
  })
  .meta({ id: 'ReadinessSite' });

export const ReadinessCheckGapSchema = z
  .object({
    check: z.enum(READINESS_CHECK_IDS).meta({ description: 'A check id of the scan engine' }),
    title: z.string(),
    brand_state: z.enum(['good', 'warn', 'bad', 'unknown']),
    points_at_stake: z.number().min(0).meta({
      description: 'Points the brand’s site loses on this check (max minus score)',
    }),
    max: z.number().min(0),
    passing_sites: z.array(z.string()).meta({
      description: 'Cited sites whose state on this check is `good` while the brand’s is not',
    }),
    failing_sites: z.array(z.string()).meta({
      description: 'Cited sites that do not pass this check either (`warn` or `bad`)',
    }),
  })
  .meta({ id: 'ReadinessCheckGap' });

export const ReadinessStatementSchema = z
  .object({
    check: z.enum(READINESS_CHECK_IDS),
    text: z
      .string()
      .meta({ description: 'The gap and its fixable cause, from the scan’s finding' }),
    points_at_stake: z.number().min(0),
    scan_url: z.string().meta({ description: 'The brand’s scan page (`/scans/{id}`)' }),
    api_url: z.string().meta({ description: 'The brand’s scan in the API (`/api/v1/scans/{id}`)' }),
  })
  .meta({ id: 'ReadinessStatement' });

export const ReadinessGapsSchema = z
  .object({
    brand: ReadinessSiteSchema,
    sites: z.array(ReadinessSiteSchema).meta({
      description: 'The cited sites scanned, most qualifying answers first',
    }),
    checks: z.array(ReadinessCheckGapSchema).meta({
      description:
        'Every check the brand’s site fails (`warn` or `bad`) that at least one reachable cited site passes, most points at stake first',
    }),
    statements: z.array(ReadinessStatementSchema).max(5).meta({
      description: 'Up to five gaps as sentences naming the cause, each linking the brand’s scan',
    }),
    unreachable: z.array(z.string()).meta({ description: 'Sites that could not be scanned' }),
    note: z.string().nullable().meta({
      description: 'Why there is nothing to compare (no qualifying answer, brand site unreachable)',
    }),
  })
  .meta({
    id: 'ReadinessGaps',
    description:
      'Readiness of the pages the models cite where competitors are cited and the brand is not, against the brand’s own site (addition, issue 16).',
  });

export type ReadinessSite = z.infer<typeof ReadinessSiteSchema>;
export type ReadinessCheckGap = z.infer<typeof ReadinessCheckGapSchema>;
export type ReadinessGaps = z.infer<typeof ReadinessGapsSchema>;
