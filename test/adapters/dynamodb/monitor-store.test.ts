import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCasesRepository } from '#shared/adapters/dynamodb/cases-repository';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { createRunAnswersRepository } from '#shared/adapters/dynamodb/run-answers-repository';
import { createRunsRepository } from '#shared/adapters/dynamodb/runs-repository';
import { runIdAt } from '#shared/domain/monitor/ids';
import type {
  IndexedAnswer,
  RunOutcome,
  StoredCase,
  StoredRun,
} from '#shared/domain/monitor/ports';
import { caseRefOf, runOfCase, runRefOf } from '#shared/domain/monitor/run-ref';
import { operatorEvent } from '#test/support/audit';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { PROFILE, record } from '#test/unit/domain/monitor/builders';

let table: TestTable;
let cases: ReturnType<typeof createCasesRepository>;
let runs: ReturnType<typeof createRunsRepository>;
let data: ReturnType<typeof createRunAnswersRepository>;

beforeAll(async () => {
  table = await startTestTable();
  cases = createCasesRepository(table.doc, table.tableName);
  runs = createRunsRepository(table.doc, table.tableName);
  data = createRunAnswersRepository(table.doc, table.tableName);
});
afterAll(async () => table?.close());

let clock = Date.parse('2026-11-01T00:00:00Z');
function tick(): Date {
  clock += 1000;
  return new Date(clock);
}

function storedCase(owner: string, name: string, domain: string): StoredCase {
  const at = tick().toISOString();
  return {
    ...PROFILE,
    id: crypto.randomUUID(),
    owner_id: owner,
    name,
    domain,
    status: 'active',
    created_at: at,
    updated_at: at,
    latest_score: null,
    last_run_at: null,
    latest_run_id: null,
  };
}

function storedRun(c: StoredCase, id = runIdAt(tick())): StoredRun {
  const at = new Date().toISOString();
  return {
    id,
    case_id: c.id,
    owner_id: c.owner_id,
    kind: 'manual',
    label: 'x',
    period: null,
    status: 'queued',
    scheduled_for: at,
    created_at: at,
    started_at: null,
    finished_at: null,
    total_score: null,
    delta: null,
    error: null,
    profile: PROFILE,
    plan: null,
    excluded_models: [],
  };
}

describe('the pending-run lock', () => {
  it('is held by one run at a time and released only by that run', async () => {
    const c = storedCase('owner-lock', 'Lock Co', 'lock.example');
    const now = new Date();
    expect(await runs.acquireLock(runOfCase(c, 'run-a'), { now, seconds: 60 })).toEqual({
      acquired: true,
      tookOverRunId: undefined,
    });
    expect((await runs.acquireLock(runOfCase(c, 'run-b'), { now, seconds: 60 })).acquired).toBe(
      false,
    );
    expect(await runs.releaseLock(runOfCase(c, 'run-b'))).toBe(false);
    expect(await runs.renewLock(runOfCase(c, 'run-b'), { now, seconds: 60 })).toBe(false);
    expect(await runs.renewLock(runOfCase(c, 'run-a'), { now, seconds: 60 })).toBe(true);
    expect(await runs.releaseLock(runOfCase(c, 'run-a'))).toBe(true);
    expect((await runs.acquireLock(runOfCase(c, 'run-b'), { now, seconds: 60 })).acquired).toBe(
      true,
    );
  });

  it('is taken over once its lease has run out, naming the run that held it', async () => {
    const c = storedCase('owner-lease', 'Lease Co', 'lease.example');
    const start = new Date('2026-11-01T00:00:00Z');
    await runs.acquireLock(runOfCase(c, 'stale'), { now: start, seconds: 60 });
    const early = new Date(start.getTime() + 59_000);
    expect(
      (await runs.acquireLock(runOfCase(c, 'new'), { now: early, seconds: 60 })).acquired,
    ).toBe(false);
    const late = new Date(start.getTime() + 61_000);
    expect(await runs.acquireLock(runOfCase(c, 'new'), { now: late, seconds: 60 })).toEqual({
      acquired: true,
      tookOverRunId: 'stale',
    });
    expect(await runs.releaseLock(runOfCase(c, 'stale'))).toBe(false);
  });
});

describe('cases', () => {
  const owner = 'owner-cases';
  const created: StoredCase[] = [];

  beforeAll(async () => {
    for (const [name, domain] of [
      ['Acme Analytics', 'acme-analytics.example'],
      ['Globex', 'globex.example'],
      ['Initech', 'initech.example'],
      ['Ümlaut Daten', 'umlaut.example'],
    ] as const) {
      const c = storedCase(owner, name, domain);
      await cases.createCase(c, operatorEvent(owner));
      created.push(c);
    }
    await cases.createCase(
      storedCase('someone-else', 'Acme Rival', 'rival.example'),
      operatorEvent('someone-else'),
    );
  });

  it('lists an owner’s cases newest first, page by page, with no empty last page', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await cases.listCases(owner, { limit: 2, cursor });
      pages += 1;
      expect(page.cases.length).toBeGreaterThan(0);
      ids.push(...page.cases.map((c) => c.id));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(pages).toBe(2);
    expect(ids).toEqual(created.map((c) => c.id).reverse());
  });

  it('matches q as a case-insensitive substring of the name or the domain (NFKC)', async () => {
    const names = async (q: string) =>
      (await cases.listCases(owner, { limit: 10, q })).cases.map((c) => c.name);
    expect(await names('ANALYTICS')).toEqual(['Acme Analytics']);
    expect(await names('globex.EX')).toEqual(['Globex']);
    expect(await names('ümlaut')).toEqual(['Ümlaut Daten']);
    expect(await names('ＩＮＩＴＥＣＨ')).toEqual(['Initech']);
    expect(await names('acme')).toEqual(['Acme Analytics']);
    expect(await names('.example')).toHaveLength(4);
  });

  it('paginates filtered lists too', async () => {
    const first = await cases.listCases(owner, { limit: 1, q: 'example' });
    expect(first.cases).toHaveLength(1);
    const second = await cases.listCases(owner, {
      limit: 10,
      q: 'example',
      cursor: first.cursor ?? '',
    });
    expect(second.cases).toHaveLength(3);
    expect(second.cursor).toBeNull();
  });

  it('refuses a cursor from another owner’s list', async () => {
    const page = await cases.listCases(owner, { limit: 1 });
    await expect(
      cases.listCases('someone-else', { limit: 1, cursor: page.cursor ?? '' }),
    ).rejects.toMatchObject({
      code: 'invalid_cursor',
    });
  });

  it('finds a case’s owner from its id, and lists every tenant', async () => {
    expect(await cases.findOwner(created[0]?.id ?? '')).toBe(owner);
    expect(await cases.findOwner(crypto.randomUUID())).toBeUndefined();
    const all = await cases.listAllCases({ limit: 100, q: 'acme' });
    expect(all.cases.map((c) => c.owner_id).sort()).toEqual([owner, 'someone-else']);
  });

  it('records only later runs as the latest', async () => {
    const c = created[1] as StoredCase;
    const older = runIdAt(new Date('2026-01-01T00:00:00Z'));
    const newer = runIdAt(new Date('2026-02-01T00:00:00Z'));
    expect(await cases.recordLatestRun(runOfCase(c, newer), { score: 50, finished_at: 'b' })).toBe(
      true,
    );
    expect(await cases.recordLatestRun(runOfCase(c, older), { score: 10, finished_at: 'a' })).toBe(
      false,
    );
    expect(await cases.getCase(caseRefOf(c))).toMatchObject({
      latest_score: 50,
      latest_run_id: newer,
    });
  });
});

describe('runs', () => {
  it('lists newest first, ends once, and finds the preceding run that finished done', async () => {
    const c = storedCase('owner-runs', 'Runs Co', 'runs.example');
    const [a, b, d] = [storedRun(c), storedRun(c), storedRun(c)];
    for (const run of [a, b, d]) await runs.createRun(run);
    expect((await runs.listRuns(caseRefOf(c), 10)).map((r) => r.id)).toEqual([d.id, b.id, a.id]);
    const done: RunOutcome = {
      status: 'done',
      finished_at: 'x',
      total_score: 40,
      delta: 0,
      excluded_models: [],
    };
    expect(await runs.finishRun(runRefOf(a), done)).toBe(true);
    expect(await runs.finishRun(runRefOf(a), done)).toBe(false);
    await runs.finishRun(runRefOf(b), {
      status: 'failed',
      finished_at: 'y',
      error: 'no',
    });
    expect((await runs.findPrecedingDoneRun(runRefOf(d)))?.id).toBe(a.id);
    expect(await runs.findPrecedingDoneRun(runRefOf(a))).toBeUndefined();
    expect((await runs.listOpenRuns()).map((r) => r.id)).toContain(d.id);
    expect((await runs.listOpenRuns()).map((r) => r.id)).not.toContain(a.id);
  });

  it('keeps the first plan and the first summary of a run', async () => {
    const c = storedCase('owner-plan', 'Plan Co', 'plan.example');
    const run = storedRun(c);
    await runs.createRun(run);
    const plan = { prompts_per_block: 3, repeats: 1, prompt_set_version: 'v1.a', cells: 9 };
    expect(await runs.setPlan(runRefOf(run), plan)).toEqual(plan);
    expect(await runs.setPlan(runRefOf(run), { ...plan, repeats: 5 })).toEqual(plan);
    const summary = { finished_at: 'first', summary: { total_score: 1 } } as never;
    await runs.putSummary(runRefOf(run), summary);
    const again = await runs.putSummary(runRefOf(run), {
      ...(summary as object),
      finished_at: 'second',
    } as never);
    expect(again).toMatchObject({ run_id: run.id, finished_at: 'first' });
    expect(await runs.getSummary(runRefOf(run))).toMatchObject({ finished_at: 'first' });
  });
});

describe('run answers', () => {
  it('records each answer once and reads the whole run back, refusing damaged items', async () => {
    const ref = { owner_id: 'owner-data', case_id: crypto.randomUUID(), run_id: runIdAt(tick()) };
    const answer = record('Acme Analytics is good.', { family: 'openai', mode: 'raw' });
    const key = { family: 'openai', mode: 'raw', cell_id: answer.id } as const;
    const stored = { status: 'ok', key, record: answer, answered_at: 'now' } as const;
    expect(await data.putAnswer(ref, stored)).toBe(true);
    expect(await data.putAnswer(ref, stored)).toBe(false);
    expect([...(await data.answeredCells(ref, 'openai'))]).toEqual([`openai#raw#${answer.id}`]);
    expect((await data.answeredCells(ref, 'google')).size).toBe(0);
    await data.excludeFamily(ref, 'google', 'down');
    await data.excludeFamily(ref, 'google', 'second reason');
    const run = await data.loadRunData(ref);
    expect(run.answers).toEqual([stored]);
    expect(run.families.find((f) => f.family === 'google')).toMatchObject({
      excluded: true,
      excluded_reason: 'down',
    });
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...KEYS.monitorAnswer(ref, 'openai#raw#bad'), status: 'ok' },
      }),
    );
    await expect(data.loadRunData(ref)).rejects.toThrow();
  });
});

describe('a run’s answer index', () => {
  const entry = (n: number): IndexedAnswer => ({
    id: `openai.raw.A-${String(n).padStart(5, '0')}`,
    cell_id: `A-${String(n).padStart(5, '0')}`,
    family: 'openai',
    mode: 'raw',
    block: 'A',
    prompt_id: 'A-01',
    mentioned: n % 2 === 0,
    share: ['acme analytics'],
    cited: [`site-${n}.example`],
    categories: ['other'],
  });

  it('reads back an index split into parts, in order, and none when a part is missing', async () => {
    const ref = { owner_id: 'owner-index', case_id: 'case-index', run_id: runIdAt(tick()) };
    expect(await data.loadAnswerIndex(ref)).toBeUndefined();
    const index = {
      entries: Array.from({ length: 3000 }, (_, n) => entry(n)),
      prompts: { 'A-01': 'Which tools?' },
    };
    await data.putAnswerIndex(ref, index);
    await data.putAnswerIndex(ref, index);
    expect(await data.loadAnswerIndex(ref)).toEqual(index);
    await table.doc.send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: KEYS.monitorAnswerIndex(ref, 1),
      }),
    );
    expect(await data.loadAnswerIndex(ref)).toBeUndefined();
  });

  it('keeps an empty index apart from none, reads cells by key, and goes with the answers', async () => {
    const ref = { owner_id: 'owner-cells', case_id: 'case-cells', run_id: runIdAt(tick()) };
    await data.putAnswerIndex(ref, { entries: [], prompts: {} });
    expect(await data.loadAnswerIndex(ref)).toEqual({ entries: [], prompts: {} });
    const answer = record('Acme Analytics is good.', { family: 'openai', mode: 'raw' });
    const key = { family: 'openai', mode: 'raw', cell_id: answer.id } as const;
    await data.putAnswer(ref, { status: 'ok', key, record: answer, answered_at: 'now' });
    const cells = await data.loadCells(ref, [
      key,
      { family: 'openai', mode: 'raw', cell_id: 'missing' },
    ]);
    expect(cells.answers.map((a) => a.key)).toEqual([key]);
    expect(cells.judgements).toEqual([]);
    expect(await data.deleteAnswers(ref)).toHaveLength(1);
    expect(await data.loadAnswerIndex(ref)).toBeUndefined();
  });
});
