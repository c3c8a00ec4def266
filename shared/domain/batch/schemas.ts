/**
 * Wire schemas of batch scans (docs/api.md "Batch scans" and the reference of `POST /scans/batch`, `GET
 * /scans/batch/{id}`).
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { pageQueryFields } from '#shared/domain/kernel/page-query';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ROW_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export type JobStatus = (typeof JOB_STATUSES)[number];
export type RowStatus = (typeof ROW_STATUSES)[number];

export const CreateBatchBodySchema = z
  .object({
    domains: z
      .array(z.string().meta({ example: 'example.com' }))
      .min(1)
      .meta({
        description:
          'Domains or URLs to scan. Duplicates collapse into one accepted domain; entries that ' +
          'are not domains are listed under `rejected` with a reason.',
      }),
  })
  .meta({ id: 'CreateBatchRequest' });

export const BatchIdParamsSchema = z.object({
  id: RecordIdSchema.meta({ description: 'Batch job id (UUID)' }),
});

export const LimitsSchema = z
  .object({
    plan: z.string().meta({ example: 'free' }),
    per_batch: z.number().int().meta({ description: 'Most domains one request may queue' }),
    per_day: z
      .number()
      .int()
      .meta({ description: 'Most domains the account may queue per UTC day' }),
    used_today: z
      .number()
      .int()
      .meta({ description: 'Domains queued today, this request included (addition)' }),
  })
  .meta({ id: 'BatchLimits' });

export const CreateBatchResponseSchema = z.object({
  job: z
    .object({
      id: z.uuid(),
      status: z.enum(JOB_STATUSES).meta({
        description:
          '`queued`, then `running`, then `done` (every domain done or failed) or `failed` (the job itself stopped)',
      }),
      total: z.number().int().meta({ description: 'Number of accepted domains' }),
      created_at: z.iso.datetime(),
      url: z.url().meta({ description: "Address of the job's status route" }),
    })
    .meta({ id: 'BatchJobCreated' }),
  accepted: z.array(z.string()).meta({ description: 'Accepted domains, normalised, in order' }),
  rejected: z
    .array(z.object({ domain: z.string(), reason: z.string() }))
    .meta({ description: 'Entries not queued, each with a reason a person understands' }),
  limits: LimitsSchema,
});

export const ResultRowSchema = z
  .object({
    domain: z.string(),
    status: z.enum(ROW_STATUSES),
    score: z.number().int().nullable(),
    scan_id: z.uuid().nullable(),
    error: z.string().nullable().meta({ description: 'Reason of failure' }),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BatchResultRow' });

export const BatchStatusResponseSchema = z.object({
  job: z
    .object({
      id: z.uuid(),
      status: z.enum(JOB_STATUSES),
      created_at: z.iso.datetime(),
      finished_at: z.iso.datetime().nullable(),
      counts: z.object({
        total: z.number().int(),
        queued: z.number().int().meta({ description: 'Waiting or being scanned right now' }),
        done: z.number().int(),
        failed: z.number().int(),
      }),
    })
    .meta({ id: 'BatchJob' }),
  results: z.array(ResultRowSchema),
});

export const ListBatchesQuerySchema = z.object(pageQueryFields('Jobs'));

export const ListBatchesResponseSchema = z.object({
  jobs: z
    .array(BatchStatusResponseSchema.shape.job)
    .meta({ description: "The account's batch jobs, newest first, each with its counts" }),
  next_cursor: z.string().nullable().meta({
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
});

export type CreateBatchBody = z.infer<typeof CreateBatchBodySchema>;
export type ListBatchesQuery = z.infer<typeof ListBatchesQuerySchema>;
export type ListBatchesResponse = z.input<typeof ListBatchesResponseSchema>;
export type BatchIdParams = z.infer<typeof BatchIdParamsSchema>;
export type CreateBatchResponse = z.input<typeof CreateBatchResponseSchema>;
export type BatchStatusResponse = z.input<typeof BatchStatusResponseSchema>;
