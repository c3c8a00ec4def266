/** Wire schemas of the account's export and erasure routes (additions; docs/api.md "Export and erasure"). */
import { z } from 'zod';
import { EXPORT_STATUSES } from './account-job-ports.ts';

export const EXPORT_ID_PATTERN = /^exp_[A-Za-z0-9_-]{16}$/;

export const ExportSchema = z
  .object({
    id: z.string().meta({ description: 'Export id (`exp_…`)' }),
    status: z.enum(EXPORT_STATUSES),
    url: z.string().optional().meta({
      description:
        'Once `done`: where the JSON lines are read, with the same key (this route with `format=jsonl`)',
    }),
    expires_at: z.iso
      .datetime()
      .optional()
      .meta({ description: 'Once `done`: the export is kept until then (7 days)' }),
  })
  .meta({ id: 'AccountExport' });

export const ExportResponseSchema = z.object({ export: ExportSchema });

export const ExportIdParamsSchema = z.object({
  id: z.string().regex(EXPORT_ID_PATTERN).meta({ description: 'Export id (`exp_…`)' }),
});

export const ExportQuerySchema = z.object({
  format: z
    .enum(['jsonl'])
    .optional()
    .meta({ description: '`jsonl`: the export itself, one JSON object a line' }),
});

export const EraseAccountBodySchema = z
  .object({
    confirm: z.string().max(100).meta({ description: "The account's id, typed to confirm" }),
  })
  .strict()
  .meta({ id: 'EraseAccountRequest' });

export const ErasureResponseSchema = z.object({
  erasure: z.object({
    account_id: z.uuid(),
    status: z.enum(['queued', 'running', 'done']),
    requested_at: z.iso.datetime(),
  }),
});

export type ExportView = z.input<typeof ExportSchema>;
export type ExportIdParams = z.infer<typeof ExportIdParamsSchema>;
export type ExportQuery = z.infer<typeof ExportQuerySchema>;
export type EraseAccountBody = z.infer<typeof EraseAccountBodySchema>;
