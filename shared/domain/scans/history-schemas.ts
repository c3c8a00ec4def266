/**
 * Wire schemas of the scan history (additions, docs/api.md; docs/decisions.md "Scan history"):
 * an account's scanned domains with their trend, and one domain's scans with the per-check change
 * against the scan before. The dashboard's history page shows exactly these.
 */
import { z } from 'zod';
import { pageQueryFields } from '#shared/domain/kernel/page-query';

export const PILLARS = ['R', 'E', 'A', 'D'] as const;
export const SCORE_BANDS = ['good', 'fair', 'poor'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];

/** The bands of the public page's gauge and the badge: good from 80, fair from 50, poor below. */
export const BAND_RANGES: Readonly<Record<ScoreBand, { from: number; to: number }>> = {
  good: { from: 80, to: 100 },
  fair: { from: 50, to: 79 },
  poor: { from: 0, to: 49 },
};

export const ListDomainsQuerySchema = z.object({
  ...pageQueryFields('Domains'),
  q: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .optional()
    .meta({ description: 'Only domains containing this text (case-insensitive)' }),
  band: z.enum(SCORE_BANDS).optional().meta({
    description:
      'Only domains whose latest score is in this band (good 80-100, fair 50-79, poor 0-49); with `pillar`, that pillar’s share of its points instead',
  }),
  pillar: z.enum(PILLARS).optional().meta({
    description:
      'With `band`: judge the band on this pillar (R Retrievable, E Explainable, A Actionable, D Distributed)',
  }),
});

export const TrendPointSchema = z
  .object({
    scan_id: z.uuid(),
    score: z.number().int().min(0).max(100),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'TrendPoint' });

export const DomainEntrySchema = z
  .object({
    domain: z.string().meta({ example: 'example.com' }),
    latest_scan_id: z.uuid(),
    latest_scan_url: z.url().meta({ description: 'Result page of the latest scan' }),
    score: z.number().int().min(0).max(100).meta({ description: 'Latest score' }),
    previous_score: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Score of the scan before the latest; null after one scan' }),
    change: z
      .number()
      .int()
      .nullable()
      .meta({ description: '`score - previous_score`; null after one scan' }),
    scan_count: z.number().int().min(1),
    first_scanned_at: z.iso.datetime(),
    last_scanned_at: z.iso.datetime(),
    pillars: z.record(z.enum(PILLARS), z.number().int().min(0).max(100).nullable()).meta({
      description:
        'Per pillar of the latest scan: percent of its applicable points; null when none applied',
      examples: [{ R: 88, E: 75, A: 40, D: 62 }],
    }),
    trend: z.array(TrendPointSchema).meta({
      description: 'The latest scores (at most 20), oldest first',
    }),
  })
  .meta({ id: 'DomainEntry' });

export const ListDomainsResponseSchema = z.object({
  domains: z.array(DomainEntrySchema).meta({
    description: "The account's scanned domains, most recently scanned first",
  }),
  next_cursor: z.string().nullable().meta({
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
});

export const DomainParamsSchema = z.object({
  domain: z.string().min(1).max(300).meta({
    description: 'A domain the account has scanned, as scans store it (e.g. `example.com`)',
    example: 'example.com',
  }),
});

export const ListDomainScansQuerySchema = z.object(pageQueryFields('Scans'));

export const CheckChangeSchema = z
  .object({
    check: z.string().meta({ example: 'llms' }),
    before: z.number().nullable().meta({ description: 'Points in the previous scan' }),
    after: z.number().nullable().meta({ description: 'Points in this scan' }),
    change: z.number().meta({ description: '`after - before` (a missing side counts as 0)' }),
  })
  .meta({ id: 'CheckChange' });

export const DomainScanSchema = z
  .object({
    id: z.uuid(),
    domain: z.string(),
    score: z.number().int().min(0).max(100),
    scoring_version: z.number().int(),
    created_at: z.iso.datetime(),
    url: z.url().meta({ description: 'Address of the shareable result page' }),
    previous_scan_id: z
      .uuid()
      .nullable()
      .meta({ description: 'The scan this one is compared with; null for the first' }),
    change: z.number().int().nullable().meta({ description: 'Score change; null for the first' }),
    diff: z.array(CheckChangeSchema).meta({
      description:
        'The checks whose points changed against the previous scan, largest change first',
    }),
  })
  .meta({ id: 'DomainScan' });

export const ListDomainScansResponseSchema = z.object({
  domain: z.string(),
  scans: z.array(DomainScanSchema).meta({ description: "The domain's scans, newest first" }),
  next_cursor: z.string().nullable().meta({
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
});

export type ListDomainsQuery = z.infer<typeof ListDomainsQuerySchema>;
export type ListDomainsResponse = z.infer<typeof ListDomainsResponseSchema>;
export type DomainEntry = z.infer<typeof DomainEntrySchema>;
export type DomainParams = z.infer<typeof DomainParamsSchema>;
export type ListDomainScansQuery = z.infer<typeof ListDomainScansQuerySchema>;
export type ListDomainScansResponse = z.infer<typeof ListDomainScansResponseSchema>;
export type DomainScan = z.infer<typeof DomainScanSchema>;
export type CheckChange = z.infer<typeof CheckChangeSchema>;
