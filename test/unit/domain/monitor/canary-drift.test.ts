import { describe, expect, it } from 'vitest';
import { plainText } from '#local/simulator/answer';
import { composeCanaryAnswer } from '#local/simulator/canary-answer';
import type { SimulatedFamily } from '#local/simulator/faults';
import { answeringModel, type SimulatorScenario } from '#local/simulator/scenario';
import {
  CANARY_PROFILE,
  CANARY_PROMPTS,
  CANARY_SET_VERSION,
  canaryCells,
  isCanary,
} from '#shared/domain/monitor/engine/canaries';
import {
  type CanaryPrint,
  canaryMoved,
  canaryPrint,
  DRIFT_NOISE_FLOOR,
  runCanary,
} from '#shared/domain/monitor/engine/canary-drift';
import { measureAnswer } from '#shared/domain/monitor/engine/measure';
import { detectMentions } from '#shared/domain/monitor/engine/mentions';
import { buildPromptSet } from '#shared/domain/monitor/engine/prompt-set';
import { ASK_MODES, PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { PROFILE } from './builders.ts';

/** One run's canary prints, answered by the simulator in `scenario`, the n-th time it asks. */
function printsOf(seed: string, run: number, scenario: SimulatorScenario | null): CanaryPrint[] {
  const prints: CanaryPrint[] = [];
  for (const family of PROVIDER_FAMILIES as readonly SimulatedFamily[]) {
    for (const mode of ASK_MODES) {
      const model = answeringModel(family, `${family}-model`, scenario);
      for (const cell of canaryCells(6)) {
        const canary = CANARY_PROMPTS.find((c) => c.prompt_id === cell.prompt_id);
        if (!canary) throw new Error(cell.prompt_id);
        const answer = composeCanaryAnswer(
          canary,
          { family, model, mode, prompt: cell.prompt, repeat: run },
          seed,
        );
        const record = {
          ...cell,
          family,
          mode,
          text: plainText(answer),
          citations: answer.sources.map((s) => ({
            url: s.url,
            domain: s.domain,
            title: s.title,
            cited: true,
          })),
          model: `${family}-model`,
          usage: { inputTokens: 10, outputTokens: 50, totalTokens: 60 },
          latency_ms: 1,
          searched: mode === 'online',
        };
        prints.push(canaryPrint(record, measureAnswer(CANARY_PROFILE, record, undefined)));
      }
    }
  }
  return prints;
}

describe('the canary set', () => {
  it('asks the first n control questions once, in English, apart from any case prompt', () => {
    const cells = canaryCells(6);
    expect(cells.map((c) => c.prompt_id)).toEqual(
      CANARY_PROMPTS.slice(0, 6).map((c) => c.prompt_id),
    );
    expect(cells.every((c) => c.repeat === 1 && c.language === 'en' && !c.branded)).toBe(true);
    expect(cells.every((c) => isCanary(c.id) && isCanary(c.prompt_id))).toBe(true);
    expect(buildPromptSet(PROFILE).cells.some((c) => isCanary(c.id))).toBe(false);
    expect(CANARY_SET_VERSION).not.toBe(buildPromptSet(PROFILE).version);
    expect(canaryCells(0)).toEqual([]);
  });

  it('names no control brand in its questions, so every naming in an answer is the model’s own', () => {
    for (const canary of CANARY_PROMPTS) {
      for (const entity of [CANARY_PROFILE, ...CANARY_PROFILE.competitors]) {
        expect(
          detectMentions(canary.prompt, entity).detected,
          `${canary.prompt_id} ${entity.name}`,
        ).toBe(false);
      }
    }
  });

  it('keeps its questions free of any brand but the control brands', () => {
    for (const canary of CANARY_PROMPTS) {
      const names = [CANARY_PROFILE.name, ...CANARY_PROFILE.competitors.map((c) => c.name)];
      expect(canary.control.every((name) => names.includes(name))).toBe(true);
      expect(canary.prompt).not.toMatch(new RegExp(PROFILE.name, 'i'));
    }
  });
});

describe('canary drift', () => {
  it('is null with its interval when there is no earlier run to compare with', () => {
    const canary = runCanary(printsOf('first', 0, null), undefined, { openai: ['gpt-x'] });
    expect(canary.prompt_set_version).toBe(CANARY_SET_VERSION);
    expect(canary.families.openai).toEqual({
      served_models: ['gpt-x'],
      answers: 12,
      drift: null,
      interval: null,
    });
    expect(canaryMoved(canary.families.openai)).toBe(false);
  });

  it('catches a silent model update from the canaries alone in at least 95 % of trials, and leaves unchanged families alone', () => {
    const silent: SimulatorScenario = { engine: { family: 'google' } };
    let caught = 0;
    let falseAlarms = 0;
    const trials = 40;
    for (let trial = 0; trial < trials; trial += 1) {
      const before = printsOf(`drift-${trial}`, 0, null);
      const after = runCanary(printsOf(`drift-${trial}`, 1, silent), before, {});
      if (canaryMoved(after.families.google)) caught += 1;
      for (const family of ['openai', 'anthropic', 'perplexity'] as const) {
        if (canaryMoved(after.families[family])) falseAlarms += 1;
      }
    }
    expect(caught).toBeGreaterThanOrEqual(0.95 * trials);
    expect(falseAlarms).toBeLessThanOrEqual(0.05 * 3 * trials);
  });

  it('reads a drift within the noise floor as no move, and an interval above it as one', () => {
    expect(canaryMoved({ served_models: [], answers: 12, drift: 0.1, interval: [0.02, 0.3] })).toBe(
      false,
    );
    expect(
      canaryMoved({
        served_models: [],
        answers: 12,
        drift: 0.6,
        interval: [DRIFT_NOISE_FLOOR + 0.01, 0.8],
      }),
    ).toBe(true);
  });
});
