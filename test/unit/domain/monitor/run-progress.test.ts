import { describe, expect, it } from 'vitest';
import type { FamilyStatus, StoredRun } from '#shared/domain/monitor/ports';
import { runProgress } from '#shared/domain/monitor/run-progress';

/** Run progress (issue 25, point 9): what a run under way has done, beyond "running". */
const run = (status: StoredRun['status'], cells: number | null) =>
  ({
    id: 'r',
    owner_id: 'o',
    status,
    plan:
      cells === null ? null : { cells, prompts_per_block: 1, repeats: 1, prompt_set_version: 'v' },
  }) as unknown as StoredRun;

const cells = (n: number) => async () => new Set(Array.from({ length: n }, (_, i) => `c${i}`));
const NOW = new Date('2026-12-01T00:10:00.000Z');
/** Family states where none waits for quota, or `openai` since five minutes for another two. */
const families =
  (waiting = false) =>
  async (_run: unknown, family: FamilyStatus['family']): Promise<FamilyStatus> => ({
    family,
    excluded: false,
    excluded_reason: null,
    judge_unavailable: false,
    queue:
      waiting && family === 'openai'
        ? { phase: 'ask', since: '2026-12-01T00:05:00.000Z', until: '2026-12-01T00:12:00.000Z' }
        : family === 'google'
          ? // A wait that has ended: not shown.
            { phase: 'ask', since: '2026-12-01T00:01:00.000Z', until: '2026-12-01T00:02:00.000Z' }
          : null,
  });

describe('a run under way', () => {
  it('is queued until its plan is made', async () => {
    expect(
      await runProgress(
        run('queued', null),
        { answeredCells: cells(0), judgedCells: cells(0), getFamily: families() },
        NOW,
      ),
    ).toEqual({
      phase: 'queued',
      asked: 0,
      planned: null,
      judged: 0,
      canaries: 0,
      quota_waits: [],
    });
  });

  it('counts answers asked of those planned (cells x 4 families x 2 modes), then judge replies', async () => {
    const asking = await runProgress(
      run('running', 10),
      {
        answeredCells: cells(5),
        judgedCells: cells(0),
        getFamily: families(),
      },
      NOW,
    );
    expect(asking).toEqual({
      phase: 'asking',
      asked: 20,
      planned: 80,
      judged: 0,
      canaries: 0,
      quota_waits: [],
    });
    const judging = await runProgress(
      run('running', 10),
      {
        answeredCells: cells(20),
        judgedCells: cells(4),
        getFamily: families(),
      },
      NOW,
    );
    expect(judging).toMatchObject({ phase: 'judging', asked: 80, judged: 16 });
    const summarising = await runProgress(
      run('running', 10),
      {
        answeredCells: cells(20),
        judgedCells: cells(20),
        getFamily: families(),
      },
      NOW,
    );
    expect(summarising.phase).toBe('summarising');
  });

  it('plans the canaries too, which are asked and judged beside the case prompts', async () => {
    const withCanaries = {
      ...run('running', 10),
      plan: { cells: 10, canaries: 2, prompts_per_block: 1, repeats: 1, prompt_set_version: 'v' },
    } as unknown as StoredRun;
    const asking = await runProgress(
      withCanaries,
      {
        answeredCells: cells(20),
        judgedCells: cells(0),
        getFamily: families(),
      },
      NOW,
    );
    expect(asking).toMatchObject({
      phase: 'asking',
      asked: 80,
      planned: 96,
      judged: 0,
      canaries: 16,
    });
    const judging = await runProgress(
      withCanaries,
      {
        answeredCells: cells(24),
        judgedCells: cells(3),
        getFamily: families(),
      },
      NOW,
    );
    expect(judging).toMatchObject({ phase: 'judging', asked: 96, planned: 96 });
  });

  it('says which families wait for provider quota, since when, and when they expect to be asked', async () => {
    const progress = await runProgress(
      run('running', 10),
      { answeredCells: cells(5), judgedCells: cells(0), getFamily: families(true) },
      NOW,
    );
    expect(progress.quota_waits).toEqual([
      {
        family: 'openai',
        phase: 'ask',
        since: '2026-12-01T00:05:00.000Z',
        waiting_seconds: 300,
        next_call_at: '2026-12-01T00:12:00.000Z',
      },
    ]);
  });
});
