/**
 * Answers to the monitor's canary prompts (shared/domain/monitor/engine/canaries.ts). A model
 * answers a canary in its own stable way: which of the control brands it names, which reference
 * pages it cites (online) and how long it is are fixed by the model and the question, with a
 * little sampling noise per request. Another model (or the same id after a silent update, see
 * scenario.ts) answers in another way, so the canaries' drift shows an engine change.
 */
import { CANARY_PROMPTS, type CanaryPrompt } from '#shared/domain/monitor/engine/canaries';
import type { AnswerKey, SimulatedAnswer, SimulatedSentence, SimulatedSource } from './answer.ts';
import { mentionSentence, PHRASES } from './phrases.ts';
import { type Random, seededRandom } from './random.ts';

/** Reference sites a model may prefer, besides the question's own. */
const EXTRA_REFERENCES = ['britannica.com', 'w3.org', 'ietf.org', 'cern.ch', 'wikidata.org'];
const FILLERS = [
  'This has been the case for many years.',
  'The picture changes slowly, since these products are long established.',
  'Market shares differ by country and by device.',
  'Each of them publishes detailed documentation.',
  'Independent encyclopedias cover their history in depth.',
  'Most people use more than one of them.',
];
/** Filler sentences per answer: a model is terse, average or wordy, whatever it is asked. */
const VERBOSITY = [1, 4, 9];
/** How often a request leaves out a brand or a source its model usually gives (sampling). */
const NOISE = 0.05;

export function canaryFor(prompt: string): CanaryPrompt | undefined {
  const text = prompt.trim();
  return CANARY_PROMPTS.find((canary) => canary.prompt === text);
}

/** The answer of `key.model` to a canary; `key.model` stands for the model as it answers. */
export function composeCanaryAnswer(
  canary: CanaryPrompt,
  key: AnswerKey,
  seed: string,
): SimulatedAnswer {
  // The model's way of answering this question: the same for every request to that model.
  const style = seededRandom(
    ['canary-style', key.family, key.model, canary.prompt_id].join('\u0000'),
  );
  const named = styleBrands(canary, style);
  const references = style
    .shuffle([...new Set([...canary.references, ...EXTRA_REFERENCES])])
    .slice(0, 2);
  const fillers = style.pick(VERBOSITY);
  // This request's sampling noise.
  const random = seededRandom(
    [seed, 'canary', key.family, key.model, key.mode, key.prompt, key.repeat].join('\u0000'),
  );
  const sources: SimulatedSource[] =
    key.mode === 'online'
      ? references
          .filter(() => !random.chance(NOISE))
          .map((domain) => referenceSource(domain, canary))
      : [];
  const kept = named.filter(() => !random.chance(NOISE));
  const sentences: SimulatedSentence[] = [
    { text: `Here is a short answer to "${canary.prompt}"`, sources: [] },
    ...kept.map((name, index) => ({
      text: mentionSentence(name, style.pick(PHRASES)),
      sources: index === 0 ? sources.map((_, at) => at) : [],
    })),
    ...Array.from({ length: fillers }, (_, at) => ({
      text: FILLERS[at % FILLERS.length] ?? '',
      sources: [],
    })),
  ];
  return { sentences, sources, searchQuery: canary.prompt, mentioned: kept };
}

/** The control brands this model names for the question: about half of them, at least one. */
function styleBrands(canary: CanaryPrompt, style: Random): string[] {
  const chosen = canary.control.filter(() => style.chance(0.5));
  return chosen.length > 0 ? chosen : [style.pick(canary.control)];
}

function referenceSource(domain: string, canary: CanaryPrompt): SimulatedSource {
  return {
    url: `https://${domain}/wiki/${canary.prompt_id}`,
    title: `${canary.prompt} (${domain})`,
    domain,
    snippet: `What ${domain} says about it.`,
  };
}
