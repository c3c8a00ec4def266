import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createCasesRepository } from '#shared/adapters/dynamodb/cases-repository';
import { createRunsRepository } from '#shared/adapters/dynamodb/runs-repository';
import type { User } from '#shared/domain/accounts/ports';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import type { StoredCase } from '#shared/domain/monitor/ports';
import { runOfCase, runRefOf } from '#shared/domain/monitor/run-ref';
import { PeriodClaimedError, resumeOpenRuns, startRun } from '#shared/domain/monitor/runs';
import {
  isEligible,
  nextMonthStart,
  periodOf,
  scheduleMonthlyRuns,
} from '#shared/domain/monitor/schedule';
import { operatorEvent } from '#test/support/audit';
import { fixedClock } from '#test/support/clock';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { recordingLogger } from '#test/support/logger';
import { PROFILE } from '#test/unit/domain/monitor/builders';

const logger = recordingLogger();

let table: TestTable;
let cases: ReturnType<typeof createCasesRepository>;
let runs: ReturnType<typeof createRunsRepository>;

beforeAll(async () => {
  table = await startTestTable();
  cases = createCasesRepository(table.doc, table.tableName);
  runs = createRunsRepository(table.doc, table.tableName);
});
afterAll(async () => table?.close());

function recordingStarter(): WorkflowStarter & { started: string[] } {
  const started: string[] = [];
  return {
    started,
    async start(_workflow, name) {
      if (started.includes(name)) return { started: false };
      started.push(name);
      return { started: true };
    },
  };
}

async function newCase(owner: string, status: StoredCase['status'] = 'active') {
  const stored: StoredCase = {
    ...PROFILE,
    id: crypto.randomUUID(),
    owner_id: owner,
    status,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    latest_score: null,
    last_run_at: null,
    latest_run_id: null,
  };
  await cases.createCase(stored, operatorEvent(owner));
  return stored;
}

describe('startRun', () => {
  it('records a queued run with a snapshot of the case and starts its workflow by run id', async () => {
    const workflows = recordingStarter();
    const stored = await newCase('u1');
    const run = await startRun(
      stored,
      { kind: 'manual', label: 'now' },
      { runs, workflows, leaseSeconds: 60, clock: systemClock, logger },
    );
    expect(run).toMatchObject({
      status: 'queued',
      kind: 'manual',
      label: 'now',
      case_id: stored.id,
    });
    expect(run.profile.name).toBe(PROFILE.name);
    expect(workflows.started).toEqual([`monitor-${run.id}`]);
    await expect(
      startRun(
        stored,
        { kind: 'manual', label: 'again' },
        { runs, workflows, leaseSeconds: 60, clock: systemClock, logger },
      ),
    ).rejects.toMatchObject({ code: 'run_pending' });
  });

  it('leaves nothing behind when the workflow cannot be started', async () => {
    const stored = await newCase('u2');
    const failing: WorkflowStarter = {
      start: async () => {
        throw new Error('Step Functions unavailable');
      },
    };
    await expect(
      startRun(
        stored,
        { kind: 'manual', label: 'x' },
        { runs, workflows: failing, leaseSeconds: 60, clock: systemClock, logger },
      ),
    ).rejects.toThrow('unavailable');
    expect(await runs.listRuns({ owner_id: 'u2', case_id: stored.id }, 10)).toEqual([]);
    const retry = await startRun(
      stored,
      { kind: 'manual', label: 'x' },
      { runs, workflows: recordingStarter(), leaseSeconds: 60, clock: systemClock, logger },
    );
    expect(retry.status).toBe('queued');
  });

  it('takes over a lock whose lease ran out and fails the run that held it', async () => {
    const stored = await newCase('u3');
    const t0 = new Date('2026-11-01T00:00:00Z');
    const stale = await startRun(
      stored,
      { kind: 'manual', label: 'stale' },
      {
        runs,
        workflows: recordingStarter(),
        leaseSeconds: 60,
        clock: fixedClock(t0),
        logger,
      },
    );
    const fresh = await startRun(
      stored,
      { kind: 'manual', label: 'fresh' },
      {
        runs,
        workflows: recordingStarter(),
        leaseSeconds: 60,
        clock: fixedClock(new Date(t0.getTime() + 120_000)),
        logger,
      },
    );
    const listed = await runs.listRuns({ owner_id: 'u3', case_id: stored.id }, 10);
    expect(listed.map((r) => [r.id, r.status])).toEqual([
      [fresh.id, 'queued'],
      [stale.id, 'failed'],
    ]);
    expect(listed[1]?.error).toMatch(/lease/);
  });

  it('claims a monthly period once per case', async () => {
    const stored = await newCase('u4');
    const deps = {
      runs,
      workflows: recordingStarter(),
      leaseSeconds: 60,
      clock: systemClock,
      logger,
    };
    const run = await startRun(
      stored,
      { kind: 'monthly', label: '2026-11', period: '2026-11' },
      deps,
    );
    await runs.finishRun(runRefOf(run), {
      status: 'failed',
      finished_at: 'x',
      error: 'x',
    });
    await runs.releaseLock(runRefOf(run));
    await expect(
      startRun(stored, { kind: 'monthly', label: '2026-11', period: '2026-11' }, deps),
    ).rejects.toBeInstanceOf(PeriodClaimedError);
    // The refused attempt released the lock again.
    expect((await startRun(stored, { kind: 'manual', label: 'm' }, deps)).status).toBe('queued');
  });
});

describe('resumeOpenRuns', () => {
  it('starts unfinished runs again and fails a run whose lock another run holds', async () => {
    const stored = await newCase('u5');
    const first = recordingStarter();
    const open = await startRun(
      stored,
      { kind: 'manual', label: 'open' },
      { runs, workflows: first, leaseSeconds: 60, clock: systemClock, logger },
    );
    const again = recordingStarter();
    const resumed = await resumeOpenRuns({
      runs,
      workflows: again,
      leaseSeconds: 60,
      clock: systemClock,
      logger,
    });
    expect(resumed).toContain(open.id);

    // Another run took the lock (its lease had run out): the old one cannot resume.
    await runs.releaseLock(runRefOf(open));
    await runs.acquireLock(runOfCase(stored, 'someone-else'), { now: new Date(), seconds: 60 });
    const later = await resumeOpenRuns({
      runs,
      workflows: recordingStarter(),
      leaseSeconds: 60,
      clock: systemClock,
      logger,
    });
    expect(later).not.toContain(open.id);
    expect((await runs.getRun(runRefOf(open)))?.status).toBe('failed');
  });
});

describe('the monthly schedule', () => {
  it('names periods by UTC month and fires at the start of the next one', () => {
    expect(periodOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(nextMonthStart(new Date('2026-12-15T10:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('is for Pro accounts whose subscription has not ended, grace period included', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const user = (account: User['account']): User => ({
      id: 'x',
      email: 'x@y.z',
      created_at: '',
      account,
    });
    expect(isEligible(user({ plan: 'pro', subscription: 'active' }), now)).toBe(true);
    expect(isEligible(user({ plan: 'pro', subscription: 'ended' }), now)).toBe(false);
    expect(isEligible(user({ plan: 'free', subscription: 'active' }), now)).toBe(false);
    expect(isEligible(user(null), now)).toBe(false);
    expect(isEligible(undefined, now)).toBe(false);
    const inGrace = { plan: 'pro', subscription: 'active', grace_until: '2026-12-03T00:00:00Z' };
    expect(isEligible(user(inGrace as User['account']), now)).toBe(true);
    const graceOver = { ...inGrace, grace_until: '2026-11-30T00:00:00Z' };
    expect(isEligible(user(graceOver as User['account']), now)).toBe(false);
  });

  it('starts one monthly run per eligible active case, skipping the others, never twice', async () => {
    const isolated = await startTestTable('schedule-table');
    const deps = {
      cases: createCasesRepository(isolated.doc, isolated.tableName),
      runs: createRunsRepository(isolated.doc, isolated.tableName),
      users: {
        findUserById: async (id: string): Promise<User | undefined> => ({
          id,
          email: `${id}@example.com`,
          created_at: '',
          account:
            id === 'free'
              ? { plan: 'free', subscription: 'active' }
              : { plan: 'pro', subscription: 'active' },
        }),
      },
      workflows: recordingStarter(),
      leaseSeconds: 60,
      clock: fixedClock(new Date('2026-12-01T00:00:05Z')),
      logger,
    };
    const make = async (owner: string, status: StoredCase['status'] = 'active') => {
      const stored = {
        ...(await newCase('unused')),
        id: crypto.randomUUID(),
        owner_id: owner,
        status,
      };
      await deps.cases.createCase(stored, operatorEvent(owner));
      return stored;
    };
    const eligible = await make('pro');
    const paused = await make('pro', 'paused');
    const free = await make('free');
    const busy = await make('pro');
    await deps.runs.acquireLock(runOfCase(busy, 'manual-run'), {
      now: deps.clock.now(),
      seconds: 600,
    });

    const first = await scheduleMonthlyRuns(deps);
    expect(first.period).toBe('2026-12');
    expect(first.created.map((c) => c.case_id)).toEqual([eligible.id]);
    expect(first.skipped).toEqual(
      expect.arrayContaining([
        { case_id: paused.id, reason: 'paused' },
        { case_id: free.id, reason: 'not_eligible' },
        { case_id: busy.id, reason: 'run_pending' },
      ]),
    );
    const [run] = await deps.runs.listRuns({ owner_id: 'pro', case_id: eligible.id }, 5);
    expect(run).toMatchObject({ kind: 'monthly', label: '2026-12', period: '2026-12' });

    await deps.runs.finishRun(runOfCase(eligible, run?.id ?? ''), {
      status: 'failed',
      finished_at: 'x',
      error: 'x',
    });
    await deps.runs.releaseLock(runOfCase(eligible, run?.id ?? ''));
    const second = await scheduleMonthlyRuns(deps);
    expect(second.created).toEqual([]);
    expect(second.skipped).toContainEqual({ case_id: eligible.id, reason: 'already_scheduled' });
    await isolated.close();
  });
});
