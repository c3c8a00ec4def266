import { measureAnswer } from '#shared/domain/monitor/engine/measure';
import type {
  AnswerMeasurement,
  AnswerRecord,
  CaseProfile,
  EntityVerdict,
  FactVerdict,
  JudgeVerdict,
} from '#shared/domain/monitor/engine/types';
import type { Citation } from '#shared/domain/monitor/provider-port';

/** A case used across the monitor tests. */
export const PROFILE: CaseProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  aliases: ['Acme'],
  category: 'product analytics',
  icp: 'small SaaS teams',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example', aliases: ['Globex'] },
    { name: 'Initech', domain: null, aliases: [] },
  ],
  use_cases: ['funnel analysis', 'retention tracking'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
};

export function cite(url: string, cited = true): Citation {
  const domain = new URL(url).hostname.replace(/^www\./, '');
  return { url, domain, title: null, cited };
}

export function record(text: string, overrides: Partial<AnswerRecord> = {}): AnswerRecord {
  const block = overrides.block ?? 'A';
  const promptId = overrides.prompt_id ?? `${block}-01`;
  const repeat = overrides.repeat ?? 1;
  return {
    id: `${promptId}-en-r${repeat}`,
    block,
    prompt_id: promptId,
    prompt: overrides.prompt ?? 'Which product analytics tools suit small SaaS teams?',
    language: 'en',
    repeat,
    branded: false,
    family: 'openai',
    mode: 'online',
    text,
    citations: [],
    model: 'test-model',
    usage: { inputTokens: 100, outputTokens: 50, totalTokens: 150 },
    latency_ms: 10,
    searched: false,
    ...overrides,
  };
}

/** A verdict that confirms the given entities with their first sentence as evidence. */
export function confirming(text: string, names: string[], sentiment = 1): JudgeVerdict {
  const entities: EntityVerdict[] = names.map((name) => ({
    name,
    mentioned: true,
    absence_statement: false,
    recommended: false,
    sentiment,
    evidence_quote: sentenceNaming(text, name),
  }));
  return { entities, facts: [], dropped_quotes: 0 };
}

export function withFacts(verdict: JudgeVerdict, facts: FactVerdict[]): JudgeVerdict {
  return { ...verdict, facts };
}

function sentenceNaming(text: string, name: string): string {
  const first = name.split(' ')[0] ?? name;
  return text.split(/(?<=\.)\s+/).find((s) => s.includes(first)) ?? text;
}

export interface MeasuredOptions extends Partial<AnswerRecord> {
  /** Entities the judge confirms; omitted = no verdict (deterministic only). */
  confirm?: string[];
  /** Entities the judge says are not mentioned (homonyms). */
  reject?: string[];
  sentiment?: number;
  facts?: FactVerdict[];
}

/** Measures an answer in one step, the way the workflow would with a judge reply. */
export function measured(text: string, options: MeasuredOptions = {}): AnswerMeasurement {
  const { confirm, reject, sentiment, facts, ...overrides } = options;
  const answer = record(text, overrides);
  const rejected: EntityVerdict[] = (reject ?? []).map((name) => ({
    name,
    mentioned: false,
    absence_statement: false,
    recommended: false,
    sentiment: null,
    evidence_quote: null,
  }));
  const verdict =
    confirm === undefined
      ? undefined
      : withFacts(confirming(text, confirm, sentiment), facts ?? []);
  if (verdict) verdict.entities.push(...rejected);
  return measureAnswer(PROFILE, answer, verdict, {
    family: answer.family === 'anthropic' ? 'openai' : 'anthropic',
    model: 'judge-model',
    usage: { inputTokens: 400, outputTokens: 80, totalTokens: 480 },
  });
}
