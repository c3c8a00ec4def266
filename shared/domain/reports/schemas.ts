/**
 * Wire schemas of the report links (docs/alerts.md "Client reports by link"; additions): a link
 * to a read-only page of one run's summary that an agency gives its client, with its own title
 * and logo. The page's address carries a long random token, shown once, when the link is made.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';

export const DEFAULT_REPORT_DAYS = 30;
export const MAX_REPORT_DAYS = 365;
export const MAX_REPORT_TITLE = 120;
/** Links per run that may be open at once. */
export const MAX_LINKS_PER_RUN = 20;

export const CreateReportLinkBodySchema = z
  .object({
    expires_in_days: z
      .number()
      .int()
      .min(1)
      .max(MAX_REPORT_DAYS)
      .optional()
      .meta({ description: `Days until the link stops working; default ${DEFAULT_REPORT_DAYS}` }),
    title: z.string().trim().min(1).max(MAX_REPORT_TITLE).optional().meta({
      description: 'The heading of the page (the agency’s name, say); default the case’s name',
      example: 'Northwind Agency: AI visibility report',
    }),
    logo_url: z.string().max(2048).optional().meta({
      description:
        'https address of a logo shown on the page (no credentials); loaded by the reader’s browser, never by us',
      example: 'https://northwind.example/logo.png',
    }),
  })
  .strict()
  .meta({ id: 'CreateReportLinkRequest' });

export const ReportLinkParamsSchema = z.object({
  id: RecordIdSchema.meta({ description: 'Case id' }),
  run_id: RecordIdSchema.meta({ description: 'Run id' }),
  link_id: RecordIdSchema.meta({ description: 'Report link id' }),
});

export const ReportLinkSchema = z
  .object({
    id: z.uuid(),
    run_id: z.string(),
    title: z.string().nullable(),
    logo_url: z.string().nullable(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    expired: z
      .boolean()
      .meta({ description: 'true once `expires_at` has passed (the page is 404)' }),
  })
  .meta({ id: 'ReportLink' });

export const CreateReportLinkResponseSchema = z.object({
  link: ReportLinkSchema.extend({
    url: z.url().meta({
      description:
        'The page’s address with its token: shown only in this response (only a hash of the token is kept)',
    }),
  }).meta({ id: 'CreatedReportLink' }),
});

export const ListReportLinksResponseSchema = z.object({
  links: z.array(ReportLinkSchema).meta({ description: 'The run’s links, newest first' }),
});

export const DeleteReportLinkResponseSchema = z.object({
  deleted: z.uuid().meta({ description: 'Id of the revoked link: its page answers 404 from now' }),
});

export const ReportTokenParamsSchema = z.object({
  token: z.string().max(200).meta({ description: 'The token of a report link' }),
});

export type CreateReportLinkBody = z.output<typeof CreateReportLinkBodySchema>;
export type ReportLinkParams = z.output<typeof ReportLinkParamsSchema>;
export type ReportLinkView = z.output<typeof ReportLinkSchema>;
export type ReportTokenParams = z.output<typeof ReportTokenParamsSchema>;
