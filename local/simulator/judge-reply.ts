/**
 * The simulated judge: answers a judge prompt (recognised by the engine's own marker) in the
 * judge's strict JSON format (judge-v3: one verdict per answer id, entities and facts the answer
 * does not address left out), consistent with each answer it judges. It re-runs the engine's
 * deterministic detection on each answer and reads the simulator's own sentences back:
 * sentiment from the phrase used, absence statements as such, fact claims against the fact
 * sheet. Evidence quotes are copied from the answer, so they pass the verbatim check.
 */
import type {
  JudgeAnswerInput,
  JudgeEntityInput,
  JudgeInput,
} from '#shared/domain/monitor/engine/judge';
import { detectMentions } from '#shared/domain/monitor/engine/mentions';
import type { EntityVerdict, FactStatus, FactVerdict } from '#shared/domain/monitor/engine/types';
import { type SimulatedAnswer, UNTRACKED, WEEKDAY_SLIP } from './answer.ts';
import {
  absenceSentence,
  escapeRegExp,
  factLabel,
  factSentence,
  PHRASES,
  undocumentedFactSentence,
} from './phrases.ts';

export function composeJudgeReply(input: JudgeInput): SimulatedAnswer {
  const verdicts = input.answers.map((answer) => ({ id: answer.id, ...verdictOn(input, answer) }));
  return {
    sentences: [{ text: JSON.stringify({ verdicts }), sources: [] }],
    sources: [],
    searchQuery: '',
    mentioned: [],
  };
}

/** The compact verdict on one answer: only what it names, claims or recommends. */
function verdictOn(input: JudgeInput, answer: JudgeAnswerInput) {
  const text = answer.text;
  const brand = input.entities.find((entity) => entity.role === 'brand');
  const entities = input.entities
    .filter((entity) => detectMentions(text, entity).detected)
    .map((entity) => compact(judgeEntity(text, entity)));
  const facts = brand
    ? Object.entries(input.fact_sheet)
        .map(([key, value]) => judgeFact(text, brand.name, key, value))
        .filter((fact) => fact.status !== 'not_mentioned')
    : [];
  const tracked = input.entities.map((entity) => entity.name.toLowerCase());
  const named = [...UNTRACKED, WEEKDAY_SLIP.name];
  const otherBrands = named
    .filter((name) => !tracked.includes(name.toLowerCase()))
    .flatMap((name) => {
      const sentence = sentenceWith(text, name);
      return sentence ? [{ name, evidence_quote: sentence }] : [];
    });
  return {
    entities,
    ...(facts.length > 0 ? { facts } : {}),
    ...(otherBrands.length > 0 ? { other_brands: otherBrands } : {}),
  };
}

/** The contract lets false flags be left out. */
function compact(verdict: EntityVerdict): Partial<EntityVerdict> {
  const { absence_statement, recommended, ...rest } = verdict;
  return {
    ...rest,
    ...(absence_statement ? { absence_statement } : {}),
    ...(recommended ? { recommended } : {}),
  };
}

function judgeEntity(answer: string, entity: JudgeEntityInput): EntityVerdict {
  const verdict: EntityVerdict = {
    name: entity.name,
    mentioned: false,
    absence_statement: false,
    recommended: false,
    sentiment: null,
    evidence_quote: null,
  };
  if (!detectMentions(answer, entity).detected) return verdict;
  const terms = [entity.name, ...entity.aliases];
  const phrases = PHRASES.map((phrase) => escapeRegExp(phrase.text)).join('|');
  for (const term of terms) {
    const sentence = new RegExp(`${escapeRegExp(term)} (${phrases})\\.`, 'u').exec(answer);
    const phrase = PHRASES.find((p) => p.text === sentence?.[1]);
    if (sentence && phrase) {
      return {
        ...verdict,
        mentioned: true,
        recommended: phrase.sentiment >= 1,
        sentiment: phrase.sentiment,
        evidence_quote: sentence[0],
      };
    }
  }
  const absence = terms.map(absenceSentence).find((text) => answer.includes(text));
  if (absence) return { ...verdict, absence_statement: true, evidence_quote: absence };
  // Named some other way (the answer echoing the question): a neutral mention.
  return { ...verdict, mentioned: true, sentiment: 0, evidence_quote: around(answer, terms) };
}

function judgeFact(answer: string, brand: string, key: string, value: string): FactVerdict {
  const label = factLabel(key);
  const pattern = escapeRegExp(factSentence(label, brand, '\u0000')).replace('\u0000', '([^”]*)');
  const claim = new RegExp(pattern, 'u').exec(answer);
  if (claim) {
    const claimed = claim[1] ?? '';
    const status: FactStatus = claimed === value ? 'correct' : 'incorrect';
    return { key, status, claimed_value: claimed, evidence_quote: claim[0] };
  }
  const undocumented = undocumentedFactSentence(label, brand);
  if (answer.includes(undocumented)) {
    return { key, status: 'unknown', claimed_value: null, evidence_quote: undocumented };
  }
  return { key, status: 'not_mentioned', claimed_value: null, evidence_quote: null };
}

/** Up to 40 characters either side of the first occurrence of a term; the whole answer if none. */
function around(answer: string, terms: readonly string[]): string {
  const lower = answer.toLowerCase();
  for (const term of terms) {
    const at = lower.indexOf(term.toLowerCase());
    if (at >= 0) return answer.slice(Math.max(0, at - 40), at + term.length + 40);
  }
  return answer;
}

/** The sentence of the answer that names an untracked brand (the simulator's own fillers). */
function sentenceWith(answer: string, name: string): string | undefined {
  const pattern = new RegExp(`[^.]*\\b${escapeRegExp(name)}\\b[^.]*\\.`, 'u');
  return pattern.exec(answer)?.[0]?.trim();
}
