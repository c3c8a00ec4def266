/**
 * Seeded trials of the monitor's change causes (issue 29, point 6): two runs of one case answered
 * by the provider simulator's own composers (local/simulator: the case answers, the canary answers
 * and the scenarios), measured, summarised and explained by the same engine functions AggregateRun
 * calls (summariseRun, runEvidence, runCanary, changesAgainst). The first run is the world as
 * configured; before the second the scenario happens (a family's model swapped, competitors
 * gaining share, the brand's site fixed, or nothing). No HTTP and no store: hundreds of trials
 * run in seconds, and the truth test counts how often the cause comes out right.
 */
import { plainText, type SimulatedAnswer } from '#local/simulator/answer';
import { composeCanaryAnswer } from '#local/simulator/canary-answer';
import { composeCaseAnswer } from '#local/simulator/case-answer';
import type { SimulatedFamily } from '#local/simulator/faults';
import { ratesFor } from '#local/simulator/rates';
import {
  answeringModel,
  brandCitationRate,
  type SimulatorScenario,
  scenarioCompetitorRates,
  scenarioRates,
  servedModel,
} from '#local/simulator/scenario';
import {
  CANARY_PROFILE,
  CANARY_PROMPTS,
  canaryCells,
} from '#shared/domain/monitor/engine/canaries';
import {
  type CanaryPrint,
  canaryPrint,
  runCanary,
} from '#shared/domain/monitor/engine/canary-drift';
import { changesAgainst } from '#shared/domain/monitor/engine/causes';
import type { RunBasis } from '#shared/domain/monitor/engine/changes';
import {
  type AnswerMeasurement,
  type AnswerRecord,
  buildPromptSet,
  type CaseProfile,
  measureAnswer,
  type PromptCell,
  type RunSummary,
  summariseRun,
} from '#shared/domain/monitor/engine/index';
import type { RunCanary, SummaryChange } from '#shared/domain/monitor/engine/loop-schema';
import { promptCatalogue } from '#shared/domain/monitor/engine/prompt-set';
import { runEvidence } from '#shared/domain/monitor/engine/run-evidence';
import { type ScanPoint, siteChangeBetween } from '#shared/domain/monitor/engine/site-checks';
import { ASK_MODES, PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';

export const TRIAL_SCENARIOS = {
  engine: { engine: { family: 'openai', model: 'gpt-sim-next' } },
  competitors: { competitors: { rate: 0.95 } },
  own_site: { ownSite: { citationRate: 0.9 } },
  control: {},
} as const satisfies Record<string, SimulatorScenario>;

export type TrialScenario = keyof typeof TRIAL_SCENARIOS;

export const TRIAL_PROFILE: CaseProfile = {
  id: 'trial-case',
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  aliases: [],
  category: 'product analytics',
  icp: 'B2B SaaS teams',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example', aliases: [] },
    { name: 'Initech Metrics', domain: 'initech.example', aliases: [] },
    { name: 'Hooli Data', domain: 'hooli.example', aliases: [] },
  ],
  use_cases: ['funnel analysis', 'retention tracking'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { founded: '2019', headquarters: 'Berlin' },
};

const MODELS: Record<SimulatedFamily, string> = {
  openai: 'gpt-sim-1',
  anthropic: 'claude-sim-1',
  perplexity: 'sonar-sim-1',
  google: 'gemini-sim-1',
};
/** The brand's own site is cited rarely until it is fixed (the own_site scenario). */
const BASE_CITATION_RATE = 0.2;
const THIRD_PARTY = ['g2.com', 'reddit.com', 'capterra.com', 'techradar.com'];

export interface TrialSize {
  promptsPerBlock: number;
  repeats: number;
  canaries: number;
}

export interface TrialResult {
  changes: SummaryChange[];
  canary: RunCanary;
}

interface SimulatedRun {
  basis: RunBasis;
  prints: CanaryPrint[];
}

/** First runs by seed and size: every scenario's trial with that seed starts from the same run. */
const FIRST_RUNS = new Map<string, SimulatedRun>();

/** Two runs of the trial case with `scenario` happening between them, and the second's changes. */
export function runTrial(scenario: TrialScenario, seed: string, size: TrialSize): TrialResult {
  const cacheKey = JSON.stringify([seed, size]);
  const first = FIRST_RUNS.get(cacheKey) ?? simulateRun(null, 0, seed, size, undefined);
  FIRST_RUNS.set(cacheKey, first);
  const world: SimulatorScenario = TRIAL_SCENARIOS[scenario];
  const second = simulateRun(world, 1, seed, size, first);
  const canary = runCanary(second.prints, first.prints, servedOf(second.basis.summary));
  const changes = changesAgainst(second.basis, first.basis, canary, siteChange(scenario));
  return { changes, canary };
}

function servedOf(summary: RunBasis['summary']) {
  return summary.served_models ?? {};
}

function simulateRun(
  world: SimulatorScenario | null,
  index: number,
  seed: string,
  size: TrialSize,
  previous: SimulatedRun | undefined,
): SimulatedRun {
  const set = buildPromptSet(TRIAL_PROFILE, size);
  const catalogue = new Map(promptCatalogue(TRIAL_PROFILE).map((p) => [p.prompt, p]));
  const measured: AnswerMeasurement[] = [];
  const prints: CanaryPrint[] = [];
  for (const family of PROVIDER_FAMILIES) {
    for (const mode of ASK_MODES) {
      const served = servedModel(family, MODELS[family], world);
      const model = answeringModel(family, MODELS[family], world);
      for (const cell of set.cells) {
        const prompt = catalogue.get(cell.prompt);
        if (!prompt) throw new Error(`no catalogue prompt for ${cell.id}`);
        const key = { family, model, mode, prompt: cell.prompt, repeat: index * 10 + cell.repeat };
        const answer = composeCaseAnswer(
          [{ profile: TRIAL_PROFILE, prompt }],
          settings(world, family, mode, seed),
          key,
        );
        measured.push(
          measureAnswer(TRIAL_PROFILE, recordOf(cell, answer, family, mode, served), undefined),
        );
      }
      for (const cell of canaryCells(size.canaries)) {
        const canary = CANARY_PROMPTS.find((c) => c.prompt_id === cell.prompt_id);
        if (!canary) throw new Error(`no canary ${cell.prompt_id}`);
        const key = { family, model, mode, prompt: cell.prompt, repeat: index };
        const record = recordOf(cell, composeCanaryAnswer(canary, key, seed), family, mode, served);
        prints.push(canaryPrint(record, measureAnswer(CANARY_PROFILE, record, undefined)));
      }
    }
  }
  const summary: RunSummary = summariseRun({
    profile: TRIAL_PROFILE,
    measurements: measured,
    excludedModels: [],
    promptSetVersion: set.version,
    repeats: size.repeats,
    previous: previous && {
      run_id: `run-${index - 1}`,
      summary: previous.basis.summary as RunSummary,
    },
  });
  return { basis: { summary, evidence: runEvidence(TRIAL_PROFILE, measured, prints) }, prints };
}

function settings(
  world: SimulatorScenario | null,
  family: SimulatedFamily,
  mode: 'raw' | 'online',
  seed: string,
) {
  const overrides = { global: { ownCitationRate: BASE_CITATION_RATE }, perFamily: {} };
  return {
    seed,
    rates: scenarioRates(family, ratesFor(family, mode, overrides), world),
    brands: [],
    competitors: scenarioCompetitorRates(world),
    thirdPartyDomains: THIRD_PARTY,
    factErrorRate: 0.2,
    brandCitationRate: (brand: string) => brandCitationRate(brand, world),
  };
}

function recordOf(
  cell: PromptCell,
  answer: SimulatedAnswer,
  family: SimulatedFamily,
  mode: 'raw' | 'online',
  model: string,
): AnswerRecord {
  return {
    ...cell,
    family,
    mode,
    text: plainText(answer),
    citations: answer.sources.map((source) => ({
      url: source.url,
      domain: source.domain,
      title: source.title,
      cited: true,
    })),
    model,
    usage: { inputTokens: 120, outputTokens: 300, totalTokens: 420 },
    latency_ms: 1,
    searched: mode === 'online',
  };
}

/** The brand's site: checks failing before the first run; passing since, in `own_site`. */
const POOR: ScanPoint = {
  id: 'scan-poor',
  domain: TRIAL_PROFILE.domain,
  created_at: '2026-11-01T00:00:00.000Z',
  checks: [
    { id: 'crawler', score: 10, max: 10 },
    { id: 'llms', score: 0, max: 10 },
    { id: 'schema', score: 4, max: 10 },
    { id: 'markdown', score: 0, max: 10 },
  ],
};
const FIXED: ScanPoint = {
  ...POOR,
  id: 'scan-fixed',
  created_at: '2026-11-10T00:00:00.000Z',
  checks: POOR.checks.map((check) => ({ ...check, score: check.max })),
};

function siteChange(scenario: TrialScenario) {
  const timeline = scenario === 'own_site' ? [POOR, FIXED] : [POOR];
  return siteChangeBetween(timeline, '2026-11-02T00:00:00.000Z', '2026-11-15T00:00:00.000Z');
}

/** The change a scenario must produce, and the causes its trials may name at all. */
const EXPECTED: Record<
  TrialScenario,
  { target?: (change: SummaryChange) => boolean; cause: SummaryChange['cause'] }
> = {
  engine: { target: (c) => c.metric === 'mention_rate' && c.family === 'openai', cause: 'engine' },
  competitors: {
    target: (c) => c.metric === 'share_of_answer' && c.brand === TRIAL_PROFILE.name,
    cause: 'competitors',
  },
  own_site: { target: (c) => c.metric === 'own_citation_rate', cause: 'own_site' },
  control: { cause: 'unexplained' },
};

/**
 * Whether a trial came out right: the scenario's figure moved with the scenario's cause, and no
 * change names another cause than the scenario's or `unexplained` (for the control: every change,
 * if any, is `unexplained`).
 */
export function trialIsRight(scenario: TrialScenario, result: TrialResult): boolean {
  const expected = EXPECTED[scenario];
  const found = expected.target
    ? result.changes.some((c) => expected.target?.(c) && c.cause === expected.cause)
    : true;
  const noWrongCause = result.changes.every(
    (c) => c.cause === expected.cause || c.cause === 'unexplained',
  );
  return found && noWrongCause;
}

/** A default-sized prompt set with two repeats: the trials' run size. */
export const TRIAL_SIZE: TrialSize = { promptsPerBlock: 13, repeats: 2, canaries: 6 };

/** `trials` seeded trials of a scenario; the seeds are fixed, so the count is reproducible. */
export function countRight(scenario: TrialScenario, trials: number) {
  const wrong: string[] = [];
  for (let trial = 0; trial < trials; trial += 1) {
    const result = runTrial(scenario, `truth-${trial}`, TRIAL_SIZE);
    if (!trialIsRight(scenario, result)) {
      wrong.push(
        `trial ${trial}: ${result.changes.map((c) => `${c.metric}${c.family ? `:${c.family}` : ''}${c.brand ? `:${c.brand}` : ''}=${c.cause}`).join(', ') || 'no change'}`,
      );
    }
  }
  return { right: trials - wrong.length, wrong };
}
