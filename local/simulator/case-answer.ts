/**
 * Answers to a monitor case's prompts. A prompt that names a company gets that company in the
 * answer; every other tracked company is named with its rate, drawn independently per answer,
 * so over prompts that do not name the brand the share of answers naming it is the brand rate
 * in expectation. Block B answers state facts from the fact sheet, some of them wrong, or say
 * they know nothing about the brand. No sentence may name a tracked company by accident: a
 * sentence that would (overlapping names) is left out.
 */
import { detectMentions, type EntityTerms } from '#shared/domain/monitor/engine/mentions';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import {
  type AnswerKey,
  type AnswerTruth,
  addSource,
  brandSource,
  type EntityTruth,
  type SimulatedAnswer,
  type SimulatedBrand,
  type SimulatedSentence,
  type SimulatedSource,
  searchQueryOf,
  servedFrom,
  thirdPartySources,
  topicOf,
  UNTRACKED,
  WEEKDAY_SLIP,
} from './answer.ts';
import type { CaseMatch } from './cases.ts';
import {
  absenceSentence,
  factLabel,
  factSentence,
  mentionSentence,
  PHRASES,
  undocumentedFactSentence,
  wrongValue,
} from './phrases.ts';
import { type Random, seededRandom } from './random.ts';
import { namedRate, type RateKnobs } from './rates.ts';

export interface CaseAnswerSettings {
  seed: string;
  /** Rates for this request's family and mode. */
  rates: RateKnobs;
  /** Per-company rate overrides (SIMULATOR_BRANDS / SIMULATOR_COMPETITORS `@rate`). */
  brands: readonly SimulatedBrand[];
  competitors: readonly SimulatedBrand[];
  thirdPartyDomains: readonly string[];
  /** Probability that a stated fact is wrong. */
  factErrorRate: number;
  /** Domain to the origin its site is served from (SIMULATOR_SITE_ORIGINS); absent: none. */
  siteOrigins?: Readonly<Record<string, string>>;
  /** A case brand's own citation rate in the scenario (scenario.ts); undefined: `rates`'. */
  brandCitationRate?: (brand: string) => number | undefined;
}

/** How often a brand-facts answer knows the brand at all (else an absence statement). */
const RECALL = { raw: 0.75, online: 0.95 } as const;
/** How often a brand-facts answer that is not about one fact states one fact anyway. */
const SPONTANEOUS_FACT = 0.5;

interface Company {
  name: string;
  domain: string | null;
  rate: number;
  inPrompt: boolean;
  brandOf: CaseProfile | null;
}

export function composeCaseAnswer(
  matches: readonly CaseMatch[],
  settings: CaseAnswerSettings,
  key: AnswerKey,
): SimulatedAnswer {
  const context = contextOf(matches, settings, key);
  const opening = { text: `Here is an overview for "${topicOf(key.prompt)}".`, sources: [] };
  const told = tellCompanies(companiesOf(matches, settings), context);
  const closed = closing(context, told.named.length === 0);
  return {
    sentences: [opening, ...told.sentences, ...closed.sentences],
    sources: context.sources,
    searchQuery: searchQueryOf(key.prompt),
    mentioned: told.named,
    truth: { entities: told.entities, facts: told.facts, untracked: closed.untracked },
  };
}

/**
 * What every sentence of one answer draws on: the answer's own random stream (seeded by the
 * request, so a repeated request gets the same answer) and, online, the third-party pages found.
 */
function contextOf(
  matches: readonly CaseMatch[],
  settings: CaseAnswerSettings,
  key: AnswerKey,
): Context {
  const random = seededRandom(
    [settings.seed, key.family, key.model, key.mode, key.prompt, key.repeat].join('\u0000'),
  );
  const thirdParty =
    key.mode === 'online'
      ? thirdPartySources(settings.thirdPartyDomains, random, topicOf(key.prompt))
      : [];
  return {
    matches,
    settings,
    key,
    random,
    tracked: matches.flatMap(({ profile }) => [profile, ...profile.competitors]),
    sources: [],
    thirdParty: thirdParty.map((source) => servedFrom(source, settings.siteOrigins)),
  };
}

/**
 * The companies the answer names, in a random order, each drawn at its rate unless the prompt
 * names it; with the truth about every company (what a perfect judge would report).
 */
function tellCompanies(companies: Company[], context: Context) {
  const sentences: SimulatedSentence[] = [];
  const named: string[] = [];
  const entities: EntityTruth[] = companies.map((company) => ({
    name: company.name,
    named: false,
    absence: false,
    sentiment: null,
  }));
  const facts: AnswerTruth['facts'] = [];
  for (const company of context.random.shuffle(companies)) {
    if (!company.inPrompt && !context.random.chance(company.rate)) continue;
    const described = describe(company, context);
    sentences.push(...described.sentences);
    if (described.named) named.push(company.name);
    const entity = entities.find((e) => e.name === company.name);
    if (entity) Object.assign(entity, described.truth);
    facts.push(...described.facts);
  }
  return { sentences, named, entities, facts };
}

interface Context {
  matches: readonly CaseMatch[];
  settings: CaseAnswerSettings;
  key: AnswerKey;
  random: Random;
  tracked: EntityTerms[];
  sources: SimulatedSource[];
  thirdParty: SimulatedSource[];
}

interface Described {
  named: boolean;
  sentences: SimulatedSentence[];
  truth: Omit<EntityTruth, 'name'>;
  facts: AnswerTruth['facts'];
}

const UNNAMED = { named: false, absence: false, sentiment: null } as const;

/** The sentences about one company the answer names (or, in block B, may not know). */
function describe(company: Company, context: Context): Described {
  const { key, random, settings, sources, thirdParty } = context;
  const factsAnswer =
    company.brandOf !== null &&
    context.matches.find((m) => m.profile === company.brandOf)?.prompt.block === 'B';
  if (factsAnswer && !random.chance(RECALL[key.mode])) {
    const sentences = [{ text: absenceSentence(company.name), sources: [] }];
    return { named: false, sentences, truth: { ...UNNAMED, absence: true }, facts: [] };
  }
  const phrase = random.pick(PHRASES);
  const text = mentionSentence(company.name, phrase);
  if (namesOthers(text, context.tracked, company.name)) {
    return { named: false, sentences: [], truth: UNNAMED, facts: [] };
  }
  const cites: number[] = [];
  const online = key.mode === 'online';
  const citationRate =
    (company.brandOf !== null ? settings.brandCitationRate?.(company.name) : undefined) ??
    settings.rates.ownCitationRate;
  if (online && company.domain && random.chance(citationRate)) {
    const own = brandSource({ name: company.name, domain: company.domain });
    cites.push(addSource(sources, servedFrom(own, settings.siteOrigins)));
  }
  if (online && thirdParty.length > 0 && random.chance(0.5)) {
    cites.push(addSource(sources, random.pick(thirdParty)));
  }
  const asked = context.matches.find((m) => m.profile === company.brandOf)?.prompt.facts ?? [];
  const facts =
    factsAnswer && company.brandOf ? factSentences(company.brandOf, asked, settings, random) : [];
  return {
    named: true,
    sentences: [{ text, sources: cites }, ...facts.map((fact) => fact.sentence)],
    truth: { named: true, absence: false, sentiment: phrase.sentiment },
    facts: facts.map((fact) => fact.truth),
  };
}

/** Review sites, an untracked name when nobody was named, and a line with non-ASCII text. */
function closing(
  context: Context,
  nobodyNamed: boolean,
): { sentences: SimulatedSentence[]; untracked: string[] } {
  const { random, tracked, thirdParty, sources } = context;
  const out: SimulatedSentence[] = [];
  const untracked = nobodyNamed ? random.pick(UNTRACKED) : null;
  const reviews = 'Independent reviews compare these options in detail.';
  if (thirdParty.length > 0 && !namesOthers(reviews, tracked, null)) {
    // Every third-party page is cited once, so pages sharing a domain show up together.
    out.push({ text: reviews, sources: thirdParty.map((source) => addSource(sources, source)) });
  }
  const fillers = [
    ...(untracked !== null
      ? [`Most teams start with a shortlist; ${untracked} is mentioned occasionally.`]
      : []),
    ...(random.chance(0.3) ? [WEEKDAY_SLIP.sentence] : []),
    // Non-ASCII on purpose: Gemini's grounding offsets count UTF-8 bytes.
    'Pricing varies by region (for example in München or Zürich) — compare current plans.',
  ];
  const named: string[] = [];
  for (const text of fillers) {
    if (namesOthers(text, tracked, null)) continue;
    out.push({ text, sources: [] });
    if (untracked !== null && text.includes(untracked)) named.push(untracked);
  }
  return { sentences: out, untracked: named };
}

function companiesOf(matches: readonly CaseMatch[], settings: CaseAnswerSettings): Company[] {
  const companies = new Map<string, Company>();
  const add = (company: Company) => {
    const key = company.name.trim().toLowerCase();
    const existing = companies.get(key);
    if (existing) existing.inPrompt ||= company.inPrompt;
    else companies.set(key, company);
  };
  for (const { profile, prompt } of matches) {
    add({
      name: profile.name,
      domain: profile.domain,
      rate: namedRate(profile.name, settings.brands) ?? settings.rates.brandMentionRate,
      inPrompt: prompt.branded,
      brandOf: profile,
    });
    for (const competitor of profile.competitors) {
      add({
        name: competitor.name,
        domain: competitor.domain,
        rate:
          namedRate(competitor.name, settings.competitors) ?? settings.rates.competitorMentionRate,
        inPrompt: prompt.competitors.includes(competitor.name),
        brandOf: null,
      });
    }
  }
  return [...companies.values()];
}

/** The facts a brand-facts answer states: the one asked about, or now and then one at random. */
function factSentences(
  profile: CaseProfile,
  asked: readonly string[],
  settings: CaseAnswerSettings,
  random: Random,
): { sentence: SimulatedSentence; truth: AnswerTruth['facts'][number] }[] {
  const keys = Object.keys(profile.fact_sheet);
  const spontaneous = keys.length > 0 && random.chance(SPONTANEOUS_FACT) ? [random.pick(keys)] : [];
  const chosen = asked.length > 0 ? asked : spontaneous;
  return chosen.map((key) => {
    const value = profile.fact_sheet[key] ?? '';
    const label = factLabel(key);
    const claim = (
      text: string,
      status: 'correct' | 'incorrect' | 'unknown',
      claimed: string | null,
    ) => ({
      sentence: { text, sources: [] },
      truth: { key, status, claimed_value: claimed },
    });
    if (!random.chance(settings.factErrorRate)) {
      return claim(factSentence(label, profile.name, value), 'correct', value);
    }
    const wrong = wrongValue(value);
    return wrong === null
      ? claim(undocumentedFactSentence(label, profile.name), 'unknown', null)
      : claim(factSentence(label, profile.name, wrong), 'incorrect', wrong);
  });
}

/**
 * Whether a sentence names a tracked company is asked again and again (the same phrases, the same
 * names): remembered, because the matcher is most of the simulator's time in a long run.
 */
const NAMES_OTHERS = new Map<string, boolean>();
const NAMES_OTHERS_LIMIT = 50_000;

/** True when the text names a tracked company other than `self`. */
function namesOthers(text: string, tracked: readonly EntityTerms[], self: string | null): boolean {
  const key = [text, self ?? '', ...tracked.map((e) => [e.name, ...e.aliases].join('\u0001'))].join(
    '\u0000',
  );
  const known = NAMES_OTHERS.get(key);
  if (known !== undefined) return known;
  const names = tracked.some(
    (entity) => entity.name !== self && detectMentions(text, entity).detected,
  );
  if (NAMES_OTHERS.size >= NAMES_OTHERS_LIMIT) NAMES_OTHERS.clear();
  NAMES_OTHERS.set(key, names);
  return names;
}
