/**
 * The content of a simulated answer, whatever the wire: a judge verdict (judge-reply.ts), an
 * answer to a canary prompt (canary-answer.ts), an answer about a monitor case (case-answer.ts)
 * or the generic one (answer.ts), each in the scenario the simulated world is in (scenario.ts).
 */
import { readJudgeInput } from '#shared/domain/monitor/engine/judge';
import {
  type ContentOptions,
  composeAnswer,
  DEFAULT_CONTENT_OPTIONS,
  type SimulatedAnswer,
} from './answer.ts';
import { canaryFor, composeCanaryAnswer } from './canary-answer.ts';
import { type CaseAnswerSettings, composeCaseAnswer } from './case-answer.ts';
import type { CaseIndex } from './cases.ts';
import type { SimulatedFamily } from './faults.ts';
import { composeJudgeReply } from './judge-reply.ts';
import { ratesFor } from './rates.ts';
import {
  answeringModel,
  brandCitationRate,
  type SimulatorScenario,
  scenarioBrandRates,
  scenarioCompetitorRates,
  scenarioRates,
} from './scenario.ts';
import type { SimulatorOptions } from './server.ts';
import type { AskedQuestion } from './wire.ts';

const DEFAULT_FACT_ERROR_RATE = 0.2;

export function composer(
  options: SimulatorOptions,
  content: ContentOptions,
  cases: CaseIndex | null,
) {
  const overrides = {
    global: {
      brandMentionRate: options.brandMentionRate,
      competitorMentionRate: options.competitorMentionRate,
      ownCitationRate: options.ownCitationRate,
    },
    perFamily: options.familyRates ?? {},
  };
  return async (
    family: SimulatedFamily,
    question: AskedQuestion,
    repeat: number,
    scenario: SimulatorScenario | null,
  ): Promise<SimulatedAnswer> => {
    const judgeInput = readJudgeInput(question.prompt);
    if (judgeInput) return composeJudgeReply(judgeInput);
    const model = answeringModel(family, question.model, scenario);
    const key = { family, ...question, model, repeat };
    const canary = canaryFor(question.prompt);
    if (canary) return composeCanaryAnswer(canary, key, content.seed);
    const rates = scenarioRates(family, ratesFor(family, question.mode, overrides), scenario);
    const matches = cases ? await cases.lookup(question.prompt) : [];
    if (matches.length === 0) return composeAnswer({ ...content, ...rates }, key);
    const settings: CaseAnswerSettings = {
      seed: content.seed,
      rates,
      // The scenario's rates come first: the first name that matches wins.
      brands: [...scenarioBrandRates(scenario), ...content.brands],
      competitors: [...scenarioCompetitorRates(scenario), ...content.competitors],
      thirdPartyDomains: content.thirdPartyDomains,
      factErrorRate: options.factErrorRate ?? DEFAULT_FACT_ERROR_RATE,
      brandCitationRate: (brand) => brandCitationRate(brand, scenario),
      ...(options.siteOrigins ? { siteOrigins: options.siteOrigins } : {}),
    };
    return composeCaseAnswer(matches, settings, key);
  };
}

export function contentOptions(options: SimulatorOptions): ContentOptions {
  const defaults = DEFAULT_CONTENT_OPTIONS;
  return {
    seed: options.seed ?? defaults.seed,
    brands: options.brands ?? defaults.brands,
    competitors: options.competitors ?? defaults.competitors,
    brandMentionRate: options.brandMentionRate ?? defaults.brandMentionRate,
    competitorMentionRate: options.competitorMentionRate ?? defaults.competitorMentionRate,
    ownCitationRate: options.ownCitationRate ?? defaults.ownCitationRate,
    thirdPartyDomains: options.thirdPartyDomains ?? defaults.thirdPartyDomains,
  };
}
