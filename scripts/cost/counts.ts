/**
 * The measured per-operation counts the cost estimate reads: the newest
 * scripts/cost/counts-<date>.json, written by `npm run bench:cost-counts` (bench/cost-counts.ts),
 * checked against its schema so that an edited or truncated file fails with a clear message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';

const count = z.number().min(0);

const TallySchema = z.object({
  invocations: count,
  gb_seconds: count,
  read_units: count,
  write_units: count,
  transitions: count,
  log_bytes: count,
  queue_invocations: count,
  trace_starts: count,
  api_requests: count,
});

export type Tally = z.infer<typeof TallySchema>;

const Family = z.enum(PROVIDER_FAMILIES);
const byFamily = <S extends z.ZodType>(schema: S) =>
  z.object(
    Object.fromEntries(PROVIDER_FAMILIES.map((family) => [family, schema])) as {
      [K in (typeof PROVIDER_FAMILIES)[number]]: S;
    },
  );

const CountsSchema = z.object({
  measured_on: z.iso.date(),
  command: z.string(),
  commit: z.string(),
  conditions: z.record(z.string(), z.unknown()),
  per_operation: z.object({
    scan: TallySchema,
    batch_job: TallySchema,
    batch_domain: TallySchema,
    run: TallySchema,
    run_answer: TallySchema,
    schedules: z.record(z.string(), TallySchema),
  }),
  tokens_per_answer: byFamily(z.object({ input: count, output: count, searches: count })),
  judge_per_answer: byFamily(
    z.object({ judge_family: Family.nullable(), input: count, output: count }),
  ),
});

export type Counts = z.infer<typeof CountsSchema>;

/** Where the counts live: the folder of this module. */
const COUNTS_DIR = import.meta.dirname;

/** The newest counts file of `folder` (by the date in its name), parsed and checked. */
export function loadCounts(folder = COUNTS_DIR): { counts: Counts; file: string } {
  const [newest] = readdirSync(folder)
    .filter((name) => /^counts-\d{4}-\d{2}-\d{2}\.json$/.test(name))
    .sort()
    .reverse();
  if (!newest) throw new Error(`no counts-<date>.json in ${folder}: run npm run bench:cost-counts`);
  const file = path.join(folder, newest);
  const parsed = CountsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a counts file: ${parsed.error.issues[0]?.message}`);
  }
  return { counts: parsed.data, file };
}
