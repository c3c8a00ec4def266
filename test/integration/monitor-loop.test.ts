import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PAYLOAD_SCHEMAS } from '#shared/domain/webhooks/payloads';
import { expectDocumented } from '#test/support/documented';
import {
  changesOf,
  closeLoopStage,
  type LoopStage,
  readFixes,
  readRun,
  runPhase,
  STORIES,
  scanSite,
  startLoopStage,
} from '#test/support/monitor-loop';
import { callJson } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint, sleep } from '#test/support/webhooks';

/**
 * The monitor closes the loop (issue 29), through the local front: six cases on one stack, each a
 * story (test/support/monitor-loop.ts), run in phases while the simulator's world changes between
 * them. Each run carries its canaries; each summary its methodology and its changes, every change
 * with a cause (the engine swapped, the competitors gaining share, the brand's site fixed, or
 * none the monitor can see); the events carry the causes; the fixes of the brands' sites get
 * their verdicts (too early, improved, worse, no change, and no improvement claimed when the engine
 * changed); another account reads none of it; every response is the documented shape.
 */
let stage: LoopStage;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
const runs: Record<string, Record<string, string>> = {};

const ENGINE = { engine: { family: 'openai', model: 'gpt-sim-next', brandRateFactor: 0 } } as const;

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  stage = await startLoopStage('owner-loop@example.com');
  await createEndpoint(stage.stack.baseUrl, stage.tools, {
    url: receiver.url('/loop'),
    events: ['run.completed', 'score.changed'],
  });
  for (const story of ['engine', 'site', 'slipping', 'steady'] as const)
    await scanSite(stage, story);
  // Phase 1: the world as configured; Slipping Co's site is cited in every searching answer.
  runs.first = await runPhase(stage, { ownSite: { brands: ['Slipping Co'], citationRate: 1 } }, [
    'engine',
    'competitors',
    'site',
    'buzz',
    'slipping',
    'steady',
  ]);
  // The four sites are fixed and scanned again.
  for (const story of ['engine', 'site', 'slipping', 'steady'] as const) {
    stage.sites[story]?.become('good');
    await scanSite(stage, story);
  }
  // Phase 2: OpenAI swapped its model, which no longer names the brands.
  runs.second = await runPhase(stage, ENGINE, ['engine']);
  // Phase 3: competitors gained share, Sitefix Co's citations followed its fix, Buzzword Co is
  // simply named more often; Slipping Co's site is no longer cited more than any other.
  Object.assign(
    runs.second,
    await runPhase(
      stage,
      {
        competitors: { names: [...STORIES.competitors.competitors], rate: 0.95 },
        ownSite: { brands: ['Sitefix Co'], citationRate: 1 },
        brands: { names: ['Buzzword Co'], rate: 0.95 },
      },
      ['competitors', 'site', 'buzz', 'slipping', 'steady'],
    ),
  );
}, 600_000);

afterAll(async () => {
  await closeLoopStage(stage);
  await receiver?.close();
  untrust?.();
  await certificate?.close();
});

interface CanaryView {
  prompt_set_version: string;
  families: Record<
    string,
    { served_models: string[]; answers: number; drift: number | null; interval: number[] | null }
  >;
}

describe('canaries on a run', () => {
  it("carry the control set's version and, per family, the served models and canary answers; no drift on a case's first run", async () => {
    const read = await readRun(stage, 'buzz', runs.first?.buzz ?? '');
    expect(read.status).toBe(200);
    expectDocumented(stage.openapi, read, '/api/v1/cases/{id}/runs/{run_id}', 'get');
    const canary = (read.body.run as { canary: CanaryView }).canary;
    expect(Object.keys(canary)).toEqual(['prompt_set_version', 'families']);
    expect(canary.prompt_set_version).toBe('canary-v1');
    expect(Object.keys(canary.families).sort()).toEqual([
      'anthropic',
      'google',
      'openai',
      'perplexity',
    ]);
    for (const family of Object.values(canary.families)) {
      expect(Object.keys(family).sort()).toEqual(['answers', 'drift', 'interval', 'served_models']);
      // Six canaries, once in each mode: at least one per family and mode.
      expect(family.answers).toBe(12);
      expect(family.served_models.length).toBeGreaterThan(0);
      expect(family).toMatchObject({ drift: null, interval: null });
    }
  });

  it('show the drift and its interval from the second run on, high where the engine changed', async () => {
    const read = await readRun(stage, 'engine', runs.second?.engine ?? '');
    const canary = (read.body.run as { canary: CanaryView }).canary;
    const openai = canary.families.openai;
    expect(openai?.served_models).toEqual(['gpt-sim-next']);
    expect(openai?.drift).toBeGreaterThan(0.2);
    expect(openai?.interval?.[0]).toBeGreaterThan(0.2);
    const anthropic = canary.families.anthropic;
    expect(anthropic?.interval).toHaveLength(2);
    expect(anthropic?.drift).toBeLessThanOrEqual(anthropic?.interval?.[1] ?? 0);
  });

  it('never count in the scores: the summary counts only the case’s answers', async () => {
    const read = await readRun(stage, 'buzz', runs.first?.buzz ?? '');
    const summary = read.body.summary as {
      sources_meta: { answers_total: number };
      methodology: { sample_sizes: { answers: number } };
      usage: { answer_calls: number; canaries: { answer_calls: number; judge_calls: number } };
    };
    expect(summary.usage.canaries.answer_calls).toBe(48);
    expect(summary.usage.answer_calls).toBe(summary.sources_meta.answers_total);
    expect(summary.methodology.sample_sizes.answers).toBe(summary.sources_meta.answers_total);
  });
});

describe('summary.methodology', () => {
  it("states how the run's numbers were sampled, from its own counts", async () => {
    const response = await callJson(
      stage.stack.baseUrl,
      `/api/v1/cases/${stage.cases.buzz}/summary`,
      {
        key: stage.reader,
      },
    );
    expectDocumented(stage.openapi, response, '/api/v1/cases/{id}/summary', 'get');
    const summary = response.body.summary as Record<string, unknown> & {
      methodology: Record<string, unknown> & {
        sample_sizes: { answers: number; per_family: Record<string, number> };
        minimum_detectable_effect: { share_of_answer: number; mention_rate: number };
      };
      sources_meta: { answers_total: number };
    };
    const method = summary.methodology;
    expect(Object.keys(method).sort()).toEqual(
      [
        'confidence',
        'families',
        'interval',
        'minimum_detectable_effect',
        'repeats',
        'sample_sizes',
        'version',
      ].sort(),
    );
    expect(method).toMatchObject({ interval: 'wilson', confidence: 0.95, repeats: 2 });
    expect(method.families).toEqual(['openai', 'anthropic', 'perplexity', 'google']);
    const perFamily = Object.values(method.sample_sizes.per_family);
    expect(perFamily.reduce((sum, n) => sum + n, 0)).toBe(method.sample_sizes.answers);
    for (const effect of Object.values(method.minimum_detectable_effect)) {
      expect(effect).toBeGreaterThan(0);
      expect(effect).toBeLessThan(1);
    }
  });
});

describe('summary.changes: every change has a cause', () => {
  it('is empty on a case’s first run', async () => {
    expect(await changesOf(stage, 'steady', runs.first?.steady ?? '')).toEqual([]);
  });

  it('names the engine when a family served another model, with the model ids and canary figures', async () => {
    const changes = await changesOf(stage, 'engine', runs.second?.engine ?? '');
    const openai = changes.find((c) => c.metric === 'mention_rate' && c.family === 'openai');
    expect(openai?.cause).toBe('engine');
    expect(openai?.change).toBeLessThan(0);
    expect(openai?.evidence.models).toContainEqual(
      expect.objectContaining({ family: 'openai', after: ['gpt-sim-next'] }),
    );
    expect(openai?.evidence.canaries.map((c) => c.family)).toEqual(['openai']);
    // Its site was fixed too (for the fixes below): own_site may explain a citation move.
    expect(
      changes.every((c) => c.cause !== 'competitors'),
      JSON.stringify(changes),
    ).toBe(true);
  });

  it('names the competitors when they gained share where the brand stayed stable', async () => {
    const changes = await changesOf(stage, 'competitors', runs.second?.competitors ?? '');
    const brand = changes.find(
      (c) => c.metric === 'share_of_answer' && c.brand === 'Rivalwatch Co',
    );
    expect(brand?.cause).toBe('competitors');
    expect(brand?.change).toBeLessThan(0);
    expect(brand?.evidence.prompts?.stable).toBeGreaterThan(0);
  });

  it("names the brand's own site when a scan between the runs found a check fixed, with scan and check ids", async () => {
    const changes = await changesOf(stage, 'site', runs.second?.site ?? '');
    const own = changes.find((c) => c.metric === 'own_citation_rate');
    expect(own?.cause).toBe('own_site');
    expect(own?.change).toBeGreaterThan(0);
    expect(own?.evidence.scans.map((s) => s.role)).toEqual(['before', 'after']);
    expect(own?.evidence.checks.length).toBeGreaterThan(0);
    for (const check of own?.evidence.checks ?? []) expect(check.after).toBe('good');
  });

  it('leaves a change no cause explains unexplained, and says so', async () => {
    const changes = await changesOf(stage, 'buzz', runs.second?.buzz ?? '');
    const share = changes.find((c) => c.metric === 'share_of_answer' && c.brand === 'Buzzword Co');
    expect(share?.cause).toBe('unexplained');
    expect(share?.change).toBeGreaterThan(0);
    for (const change of changes) {
      expect(
        Object.keys(change)
          .filter((k) => !['family', 'brand'].includes(k))
          .sort(),
      ).toEqual(['after', 'before', 'cause', 'change', 'evidence', 'interval', 'metric'].sort());
      expect(change.interval).toHaveLength(2);
      const [low = 0, high = 0] = change.interval;
      expect(low > 0 || high < 0).toBe(true);
    }
  });
});

interface Received {
  type: string;
  data: Record<string, unknown> & { run_id: string; changes: { metric: string; cause: string }[] };
}

/** The verified bodies the receiver got for a run. */
async function eventsOf(runId: string, count: number): Promise<Received[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mine = receiver
      .at('/loop')
      .map((request) => JSON.parse(request.rawBody.toString('utf8')) as Received)
      .filter((body) => body.data.run_id === runId);
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`only ${mine.length} events for run ${runId}`);
    await sleep(100);
  }
}

describe('the events carry the causes', () => {
  it('run.completed lists the run’s changes with their causes', async () => {
    const runId = runs.second?.competitors ?? '';
    const [completed] = (await eventsOf(runId, 1)).filter((e) => e.type === 'run.completed');
    expect(EVENT_PAYLOAD_SCHEMAS['run.completed'].parse(completed)).toBeTruthy();
    const changes = await changesOf(stage, 'competitors', runId);
    expect(completed?.data.changes).toEqual(
      changes.map(({ evidence: _evidence, ...change }) => change),
    );
    expect(completed?.data.changes.some((c) => c.cause === 'competitors')).toBe(true);
  });

  it('score.changed carries the cause of the total’s change and every change', async () => {
    const runId = runs.second?.buzz ?? '';
    const events = await eventsOf(runId, 2);
    const changed = events.find((e) => e.type === 'score.changed');
    expect(EVENT_PAYLOAD_SCHEMAS['score.changed'].parse(changed)).toBeTruthy();
    const changes = await changesOf(stage, 'buzz', runId);
    const total = changes.find((c) => c.metric === 'total_score');
    expect(changed?.data.cause).toBe(total?.cause ?? null);
    expect(changed?.data.changes.map((c) => c.cause)).toEqual(changes.map((c) => c.cause));
  });
});

interface FixView {
  check: string;
  verdict: string;
  engine_changed: boolean;
  before: { runs: string[]; answers: number };
  after: { runs: string[]; answers: number };
  figures: { metric: string; family?: string; control: unknown; interval: number[] }[];
}

async function fixesOf(story: 'engine' | 'site' | 'slipping' | 'steady'): Promise<FixView[]> {
  const response = await readFixes(stage, story);
  expect(response.status).toBe(200);
  expectDocumented(stage.openapi, response, '/api/v1/cases/{id}/fixes', 'get');
  const { fixes } = response.body as { fixes: FixView[] };
  expect(fixes.length).toBeGreaterThan(0);
  return fixes;
}

describe('GET /api/v1/cases/{id}/fixes: did the fix pay off?', () => {
  it('is too early with one run after the fix', async () => {
    for (const fix of await fixesOf('site')) {
      expect(fix.verdict).toBe('too_early');
      expect(fix.before.runs).toEqual([runs.first?.site]);
      expect(fix.after.runs).toEqual([runs.second?.site]);
    }
  });

  it('says improved, worse or no change once two runs followed, with the competitors as a control', async () => {
    // Phase 4: Sitefix Co stays cited; nothing else changes.
    Object.assign(runs, {
      third: await runPhase(stage, { ownSite: { brands: ['Sitefix Co'], citationRate: 1 } }, [
        'site',
        'slipping',
        'steady',
      ]),
    });
    const dump = JSON.stringify(await fixesOf('steady'));
    const verdicts = {
      site: (await fixesOf('site')).map((f) => f.verdict),
      slipping: (await fixesOf('slipping')).map((f) => f.verdict),
      steady: (await fixesOf('steady')).map((f) => f.verdict),
    };
    expect(new Set(verdicts.site)).toEqual(new Set(['improved']));
    expect(new Set(verdicts.slipping)).toEqual(new Set(['worse']));
    expect(new Set(verdicts.steady), dump).toEqual(new Set(['no_change']));
    const [fix] = await fixesOf('site');
    expect(fix?.after.runs).toEqual([runs.second?.site, runs.third?.site]);
    expect(fix?.after.answers).toBeGreaterThan(0);
    const metrics = fix?.figures.map((f) => `${f.metric}${f.family ? `:${f.family}` : ''}`);
    expect(metrics).toEqual(
      expect.arrayContaining(['share_of_answer', 'own_citation_rate', 'mention_rate:openai']),
    );
    expect(fix?.figures.find((f) => f.metric === 'own_citation_rate')?.control).not.toBeNull();
  });

  it('claims no improvement when the engine changed between the two sides, and says so', async () => {
    await runPhase(stage, ENGINE, ['engine']);
    for (const fix of await fixesOf('engine')) {
      expect(fix.engine_changed).toBe(true);
      expect(fix.verdict).not.toBe('improved');
      expect(fix.after.runs).toHaveLength(2);
    }
  });

  it('reads another account’s case as not found, and needs monitor:read', async () => {
    expect((await readFixes(stage, 'site', stage.other)).status).toBe(404);
    expect((await readFixes(stage, 'site', stage.reader)).status).toBe(200);
    expect((await readFixes(stage, 'site', stage.admin)).status).toBe(200);
    const scansOnly = await stage.stack.createKey(['scans:read']);
    const refused = await readFixes(stage, 'site', scansOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('insufficient_scope');
    const anonymous = await callJson(
      stage.stack.baseUrl,
      `/api/v1/cases/${stage.cases.site}/fixes`,
    );
    expect(anonymous.status).toBe(401);
  });
});
