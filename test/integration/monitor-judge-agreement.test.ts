/**
 * Judge agreement with the simulator's ground truth (issue 16, point 8). The simulator knows
 * what it put into every answer (which tracked companies it names and with which phrase, the
 * absence statements, the fact claims and whether each is right, the untracked names); it hands
 * that truth to this test through `onAnswer`, never over the wire. A whole run goes through the
 * real stack (asks, judge lanes, aggregation), and the answers the API serves are compared with
 * the truth: mentions as counted, the brand's sentiment, recommendations, fact verdicts, and the
 * untracked brands the summary discovered.
 *
 * Thresholds: the simulated judge reads the simulator's own sentence templates, so an exact
 * pipeline agrees on every item; what can lower agreement is the pipeline between them (how
 * answers are put into judge prompts, how verdicts are matched back to their answers, quote
 * verification, answers left unjudged). Each rate must reach 0.98: a systematic fault (verdicts
 * attributed to the wrong answer in a batch, a class of quotes dropped, answers skipped) moves
 * a rate by far more than 2 points, while one odd answer in the ~250 here does not fail the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorAnswerEntry } from '#local/simulator/server';
import { startSimulator } from '#local/simulator/server';
import { PROVIDER_ENV } from '#shared/adapters/providers/config';
import { type AnswerView as Answer, AnswerSchema } from '#shared/domain/monitor/run-schemas';
import { CaseSummaryResponseSchema } from '#shared/domain/monitor/schemas';
import { allCaseProfiles } from '#shared/wiring/monitor';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

const THRESHOLD = 0.98;
const truths: SimulatorAnswerEntry[] = [];
let stack: TestStack;
let simulator: Awaited<ReturnType<typeof startSimulator>>;

beforeAll(async () => {
  simulator = await startSimulator({
    seed: 'judge-agreement-1',
    caseSource: allCaseProfiles,
    brandMentionRate: 0.5,
    factErrorRate: 0.3,
    onAnswer: (entry) => truths.push(entry),
  });
  // Every family "real" for the stack, and that real provider is this simulator.
  const env: Record<string, string> = {
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '4',
    MONITOR_REPEATS: '2',
  };
  for (const names of Object.values(PROVIDER_ENV)) {
    env[names.key] = 'agreement';
    env[names.baseUrl] = simulator.url;
  }
  stack = await startTestStack(env);
});

afterAll(async () => {
  await stack?.close();
  await simulator?.close();
});

/** The truth of one served answer: same family, mode and prompt, every sentence in its text. */
function truthOf(answer: Answer, used: Set<SimulatorAnswerEntry>): SimulatorAnswerEntry {
  const candidates = truths.filter(
    (t) =>
      !used.has(t) &&
      t.family === answer.family &&
      t.mode === answer.mode &&
      t.prompt === answer.prompt &&
      t.sentences.every((sentence) => answer.text.includes(sentence)),
  );
  const best = candidates.sort((a, b) => b.sentences.length - a.sentences.length)[0];
  if (!best) throw new Error(`no ground truth for answer ${answer.id}`);
  used.add(best);
  return best;
}

class Tally {
  agree = 0;
  total = 0;
  readonly misses: string[] = [];
  add(ok: boolean, label: string): void {
    this.total += 1;
    if (ok) this.agree += 1;
    else if (this.misses.length < 5) this.misses.push(label);
  }
  get rate(): number {
    return this.total === 0 ? 0 : this.agree / this.total;
  }
}

function compare(answers: readonly Answer[]) {
  const tallies = {
    mentions: new Tally(),
    sentiment: new Tally(),
    recommended: new Tally(),
    facts: new Tally(),
  };
  const untracked = new Map<string, number>();
  const used = new Set<SimulatorAnswerEntry>();
  for (const answer of answers) {
    const truth = truthOf(answer, used).truth;
    for (const name of truth.untracked) untracked.set(name, (untracked.get(name) ?? 0) + 1);
    for (const entity of truth.entities) {
      const mention = answer.mentions.find((m) => m.name === entity.name);
      const label = `${answer.id} ${entity.name}`;
      const absenceRight = !entity.absence || mention?.judge === 'absence';
      tallies.mentions.add(mention?.counted === entity.named && absenceRight, label);
      if (!entity.named) continue;
      const recommended = (entity.sentiment ?? 0) >= 1;
      tallies.recommended.add(mention?.recommended === recommended, label);
      if (mention?.role === 'brand') {
        tallies.sentiment.add(answer.sentiment === entity.sentiment, label);
      }
    }
    const served = answer.facts.map((f) => `${f.key}:${f.status}:${f.claimed_value}`).sort();
    const expected = truth.facts.map((f) => `${f.key}:${f.status}:${f.claimed_value}`).sort();
    if (expected.length > 0 || served.length > 0) {
      tallies.facts.add(served.join('|') === expected.join('|'), `${answer.id} facts`);
    }
  }
  return { tallies, untracked };
}

describe('the judge against the simulator’s ground truth', () => {
  it('agrees on mentions, sentiment, recommendations, facts and untracked brands', async () => {
    const key = await stack.createKey(['monitor:read', 'monitor:write']);
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Veritas Dashboards',
        domain: 'veritas-dashboards.example',
        aliases: ['Veritas BI'],
        category: 'business intelligence',
        icp: 'finance teams',
        competitors: [{ name: 'Quarry Reports', domain: 'quarry.example' }, 'Lumen Charts'],
        use_cases: ['board reporting', 'cash forecasting'],
        region: 'Spain',
        fact_sheet: { pricing: 'from $40 per seat', founded: '2016', headquarters: 'Madrid' },
      },
    });
    const caseId = (created.body.case as { id: string }).id;
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
    });
    const runId = (started.body.run as { id: string }).id;
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');

    const exported = await fetch(
      `${stack.baseUrl}/api/v1/cases/${caseId}/runs/${runId}/answers?format=jsonl`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    const answers = (await exported.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => AnswerSchema.parse(JSON.parse(line)));
    expect(answers.length).toBeGreaterThan(200);

    const { tallies, untracked } = compare(answers);
    for (const [name, tally] of Object.entries(tallies)) {
      // Enough items for each rate to mean something, and the rate itself.
      expect(tally.total, name).toBeGreaterThan(20);
      expect(tally.rate, `${name}: ${tally.misses.join(', ')}`).toBeGreaterThanOrEqual(THRESHOLD);
    }
    const { summary } = CaseSummaryResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key })).body,
    );
    expect(untracked.size).toBeGreaterThan(0);
    for (const [name, count] of untracked) {
      const found = summary.discovered_brands?.find((b) => b.name === name)?.answers ?? 0;
      expect(found / count, name).toBeGreaterThanOrEqual(THRESHOLD);
    }
    expect(summary.usage.judge_calls).toBeGreaterThan(0);
  });
});
