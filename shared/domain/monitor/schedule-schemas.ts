/**
 * The input of the monitor-monthly workflow's page task (state-machines/monitor-monthly.asl.json):
 * the period, the schedule's instant, and what the previous page handed on.
 */
import { z } from 'zod';
import type { MonthlyPageInput } from './schedule.ts';

const Count = z.number().int().min(0);

export const MonthlyPageInputSchema = z.object({
  period: z.string().regex(/^\d{4}-\d{2}$/),
  scheduled_for: z.iso.datetime(),
  cursor: z.string().nullish(),
  page_size: z.number().int().min(1).max(1000).optional(),
  totals: z.object({ cases: Count, created: Count, skipped: Count, failed: Count }).optional(),
}) satisfies z.ZodType<MonthlyPageInput>;
