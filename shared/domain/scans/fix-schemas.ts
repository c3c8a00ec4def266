/**
 * Wire schemas of the fix pack and of verification (issue 38, points 4 and 5; docs/api.md
 * "Scans"): `GET /api/v1/scans/{id}/fixes` and `POST /api/v1/scans/{id}/verify`.
 */
import { z } from 'zod';
import { ScanSchema } from './schemas.ts';

const FindingIdSchema = z
  .string()
  .max(80)
  .regex(/^[a-z]+\.[a-z0-9_]+$/, 'a finding id, <check>.<slug>')
  .meta({ example: 'llms.missing' });

export const FixFileSchema = z
  .object({
    path: z.string().meta({
      description:
        'The URL path the file is to be served at (`/llms.txt`); `/` for JSON-LD that goes into the homepage, `/_headers` for response headers in the format Netlify and Cloudflare Pages read',
      example: '/llms.txt',
    }),
    media_type: z.string().meta({ example: 'text/markdown' }),
    content: z.string(),
  })
  .meta({ id: 'ScanFixFile' });

export const FixSchema = z
  .object({
    finding_id: z.string().meta({ example: 'llms.missing' }),
    check: z.string().meta({ example: 'llms' }),
    title: z.string().meta({ example: 'No llms.txt' }),
    impact_points: z.number().min(0).meta({
      description: 'Points the site score gains when this is fixed (one decimal)',
      example: 6.8,
    }),
    target_url: z.url().meta({ description: 'Where the fix applies' }),
    steps: z.array(z.string()).meta({ description: 'What the scan found, then what to do' }),
    files: z.array(FixFileSchema).meta({
      description: 'Files generated from what the scan saw, each passing the scan when served',
    }),
  })
  .meta({ id: 'ScanFix' });

export const ScanFixesResponseSchema = z.object({
  fixes: z.array(FixSchema).meta({
    description: 'One per finding id raised as warn or bad, most points first',
  }),
});

export const VerifyScanBodySchema = z
  .object({
    finding_ids: z
      .array(FindingIdSchema)
      .min(1)
      .max(300)
      .optional()
      .meta({
        description:
          "The finding ids to verify; all of the scan's warn and bad findings when absent",
        example: ['llms.missing', 'crawler.no_ai_policy'],
      }),
  })
  .meta({ id: 'VerifyScanRequest' });

export const VerificationSchema = z
  .object({
    scan_id: z.uuid().meta({ description: 'The new scan' }),
    fixed: z
      .array(z.string())
      .meta({ description: 'Verified ids no longer raised as warn or bad' }),
    still: z.array(z.string()).meta({
      description:
        'Verified ids still raised as warn or bad, or whose check the new scan could not measure',
    }),
    new: z.array(z.string()).meta({
      description:
        'Ids raised as warn or bad by the new scan that the scan verified did not raise so',
    }),
  })
  .meta({ id: 'Verification' });

export const VerifyScanResponseSchema = z.object({
  verification: VerificationSchema,
  scan: ScanSchema,
});

export type VerifyScanBody = z.infer<typeof VerifyScanBodySchema>;
export type ScanFixesResponse = z.input<typeof ScanFixesResponseSchema>;
export type VerifyScanResponse = z.input<typeof VerifyScanResponseSchema>;
