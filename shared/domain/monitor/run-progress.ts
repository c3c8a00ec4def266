/**
 * How far a run that is under way has got (docs/dashboard.md "Case pages", docs/monitor.md "One
 * budget per provider account"): the answers asked so far (an answer or a recorded failure) of
 * those the plan asks for, the judge replies so far, from the run's own cells, and the families
 * whose lane waits for its turn in the shared provider budget, with since when and when it
 * expects to be asked; read only while a run is queued or running.
 */
import { z } from 'zod';
import type { RunDataStore, StoredRun } from './ports.ts';
import { ASK_MODES, PROVIDER_FAMILIES } from './provider-port.ts';
import { runRefOf } from './run-ref.ts';

export const QuotaWaitSchema = z
  .object({
    family: z.enum(PROVIDER_FAMILIES),
    phase: z.enum(['ask', 'judge']).meta({ description: 'asking the family, or judging with it' }),
    since: z.iso.datetime().meta({ description: 'when the family began to wait for its turn' }),
    waiting_seconds: z.number().int().min(0).meta({ description: 'how long it has waited' }),
    next_call_at: z.iso.datetime().meta({
      description:
        'when its next call is expected to be sent (an estimate: the fair share of the provider account it waits for)',
    }),
  })
  .meta({ id: 'QuotaWait', description: 'A family waiting for provider quota (addition)' });

export const RunProgressSchema = z
  .object({
    phase: z.enum(['queued', 'asking', 'judging', 'summarising']),
    asked: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'answers asked so far (or recorded as failed)' }),
    planned: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: '(cells + canaries) x families x modes; null before the plan is made' }),
    judged: z.number().int().min(0).meta({ description: 'judge replies so far' }),
    canaries: z.number().int().min(0).meta({ description: 'of the planned answers, the canaries' }),
    quota_waits: z.array(QuotaWaitSchema).meta({
      description:
        'Families waiting for their turn at the shared provider quota; empty when none waits',
    }),
  })
  .meta({ id: 'RunProgress', description: 'How far a run under way has got (addition)' });

export type QuotaWait = z.output<typeof QuotaWaitSchema>;
export type RunProgress = z.output<typeof RunProgressSchema>;

async function countCells(
  read: (family: (typeof PROVIDER_FAMILIES)[number]) => Promise<Set<string>>,
): Promise<number> {
  const sets = await Promise.all(PROVIDER_FAMILIES.map(read));
  return sets.reduce((sum, cells) => sum + cells.size, 0);
}

/** The families whose latest wait for quota has not come to its end yet. */
async function quotaWaits(
  run: StoredRun,
  data: Pick<RunDataStore, 'getFamily'>,
  now: Date,
): Promise<QuotaWait[]> {
  const ref = runRefOf(run);
  const families = await Promise.all(
    PROVIDER_FAMILIES.map((family) => data.getFamily(ref, family)),
  );
  return families.flatMap((status) => {
    const queue = status.queue;
    if (!queue || status.excluded || Date.parse(queue.until) <= now.getTime()) return [];
    return [
      {
        family: status.family,
        phase: queue.phase,
        since: queue.since,
        waiting_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(queue.since)) / 1000)),
        next_call_at: queue.until,
      },
    ];
  });
}

export async function runProgress(
  run: StoredRun,
  data: Pick<RunDataStore, 'answeredCells' | 'judgedCells' | 'getFamily'>,
  now: Date,
): Promise<RunProgress> {
  // The canaries are asked and judged in the same cells' stores: they count as planned too.
  const perCell = PROVIDER_FAMILIES.length * ASK_MODES.length;
  const canaries = (run.plan?.canaries ?? 0) * perCell;
  const planned = run.plan ? run.plan.cells * perCell + canaries : null;
  if (run.status === 'queued' || !run.plan) {
    return { phase: 'queued', asked: 0, planned, judged: 0, canaries, quota_waits: [] };
  }
  const ref = runRefOf(run);
  const [asked, judged, waits] = await Promise.all([
    countCells((family) => data.answeredCells(ref, family)),
    countCells((family) => data.judgedCells(ref, family)),
    quotaWaits(run, data, now),
  ]);
  const phase =
    planned !== null && asked < planned ? 'asking' : judged < asked ? 'judging' : 'summarising';
  return { phase, asked, planned, judged, canaries, quota_waits: waits };
}
