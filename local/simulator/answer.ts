/**
 * The provider-neutral content of a simulated answer: sentences, the sources each sentence
 * rests on, and the search query. Each wire module renders it in its provider's format.
 */
import { mentionSentence, PHRASES } from './phrases.ts';
import { type Random, seededRandom } from './random.ts';
import { DEFAULT_RATES } from './rates.ts';

export interface SimulatedBrand {
  name: string;
  /** Bare domain such as `acme.example`; cited pages live under it. */
  domain: string;
  /** Overrides the default mention rate for this brand (0..1). */
  mentionRate?: number;
}

export interface ContentOptions {
  seed: string;
  /** The case's own brands. */
  brands: SimulatedBrand[];
  competitors: SimulatedBrand[];
  brandMentionRate: number;
  competitorMentionRate: number;
  /** Probability that a mentioned brand's own site is cited (online mode). */
  ownCitationRate: number;
  /** Review sites, forums and encyclopaedias cited alongside the brands. */
  thirdPartyDomains: string[];
}

export interface SimulatedSource {
  url: string;
  title: string;
  domain: string;
  snippet: string;
}

export interface SimulatedSentence {
  text: string;
  /** Indexes into `SimulatedAnswer.sources`. */
  sources: number[];
}

export interface SimulatedAnswer {
  sentences: SimulatedSentence[];
  sources: SimulatedSource[];
  searchQuery: string;
  /** Brand and competitor names that the text mentions, in order of appearance. */
  mentioned: string[];
  /**
   * What the simulator put into a case answer (tests compare the judge with it). Never
   * rendered on the wire: the wire modules read only the fields above.
   */
  truth?: AnswerTruth;
}

/** The ground truth of one case answer: what a perfect judge would report. */
export interface AnswerTruth {
  /** Every tracked company the answer could have named, in case order. */
  entities: EntityTruth[];
  /** The fact claims the answer makes about the brand (not-mentioned keys are absent). */
  facts: {
    key: string;
    status: 'correct' | 'incorrect' | 'unknown';
    claimed_value: string | null;
  }[];
  /** Untracked brands the answer names (the simulator's fillers). */
  untracked: string[];
}

export interface EntityTruth {
  name: string;
  /** The answer talks about the company (an absence statement does not count). */
  named: boolean;
  /** "I couldn't find reliable information about X." */
  absence: boolean;
  /** -2..2 of the phrase used; null when not named. */
  sentiment: number | null;
}

export interface AnswerKey {
  family: string;
  model: string;
  mode: 'raw' | 'online';
  prompt: string;
  /** 0 for the first identical request; >0 only when the simulator varies repeats. */
  repeat: number;
}

export const DEFAULT_CONTENT_OPTIONS: ContentOptions = {
  seed: 'simulator',
  brands: [{ name: 'Acme Analytics', domain: 'acme-analytics.example' }],
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example' },
    { name: 'Initech Metrics', domain: 'initech.example' },
  ],
  ...DEFAULT_RATES.openai.online,
  thirdPartyDomains: ['g2.com', 'reddit.com', 'capterra.com', 'en.wikipedia.org', 'techradar.com'],
};

// An untracked company keeps discovered brands honest downstream.
export const UNTRACKED = ['Northwind Tools'];
/**
 * A weekday in a sentence about routine (a homonym of a real product): the simulated judge lists
 * it among the other brands, as a careless judge does, and the engine must not believe it
 * (engine/brand-names.ts).
 */
export const WEEKDAY_SLIP = {
  name: 'Monday',
  sentence: 'Many teams review these numbers every Monday.',
};

export function composeAnswer(options: ContentOptions, key: AnswerKey): SimulatedAnswer {
  const random = seededRandom(
    [options.seed, key.family, key.model, key.mode, key.prompt, key.repeat].join('\u0000'),
  );
  const topic = topicOf(key.prompt);
  const named = pickMentions(options, random);
  const sources: SimulatedSource[] = [];
  const online = key.mode === 'online';
  const thirdParty = online ? thirdPartySources(options.thirdPartyDomains, random, topic) : [];
  const sentences: SimulatedSentence[] = [
    { text: `Here is an overview for "${topic}".`, sources: [] },
  ];

  for (const brand of named) {
    const cites: number[] = [];
    if (online && random.chance(options.ownCitationRate)) {
      cites.push(addSource(sources, brandSource(brand)));
    }
    if (online && thirdParty.length > 0 && random.chance(0.5)) {
      cites.push(addSource(sources, random.pick(thirdParty)));
    }
    sentences.push({ text: mentionSentence(brand.name, random.pick(PHRASES)), sources: cites });
  }
  if (named.length === 0) {
    sentences.push({
      text: `I couldn't find a clear leader; ${random.pick(UNTRACKED)} is mentioned occasionally.`,
      sources: [],
    });
  }
  if (online && thirdParty.length > 0) {
    // Always cite every third-party page once so that pages sharing a domain show up together.
    const indexes = thirdParty.map((source) => addSource(sources, source));
    sentences.push({
      text: 'Independent reviews compare these options in detail.',
      sources: indexes,
    });
  }
  sentences.push({
    text: 'Pricing varies by region (for example in München or Zürich) — compare current plans.',
    sources: [],
  });
  return {
    sentences,
    sources,
    // No current date in here: answers are a function of the seed and the request alone.
    searchQuery: searchQueryOf(key.prompt),
    mentioned: named.map((brand) => brand.name),
  };
}

function pickMentions(options: ContentOptions, random: Random): SimulatedBrand[] {
  const brands = options.brands.filter((b) =>
    random.chance(b.mentionRate ?? options.brandMentionRate),
  );
  const rivals = options.competitors.filter((c) =>
    random.chance(c.mentionRate ?? options.competitorMentionRate),
  );
  return random.shuffle([...brands, ...rivals]);
}

/** One to three third-party domains; the first always has two pages (same domain, two URLs). */
export function thirdPartySources(
  thirdPartyDomains: readonly string[],
  random: Random,
  topic: string,
): SimulatedSource[] {
  if (thirdPartyDomains.length === 0) return [];
  const count = Math.min(thirdPartyDomains.length, random.between(1, 3));
  const domains = random.shuffle(thirdPartyDomains).slice(0, count);
  const slug = slugOf(topic);
  return domains.flatMap((domain, index) => {
    const pages = index === 0 ? ['reviews', 'compare'] : ['guide'];
    return pages.map((page) => ({
      url: `https://${domain}/${page}/${slug}`,
      title: `${capitalise(page)}: ${topic} (${domain})`,
      domain,
      snippet: `What ${domain} says about ${topic}.`,
    }));
  });
}

export function brandSource(brand: SimulatedBrand): SimulatedSource {
  return {
    url: `https://www.${brand.domain}/`,
    title: `${brand.name} — official site`,
    domain: brand.domain,
    snippet: `${brand.name} product overview and pricing.`,
  };
}

/**
 * The source as served from the origin a test runs the site at (SIMULATOR_SITE_ORIGINS, e.g.
 * `rival.localhost` -> `http://rival.localhost:4100`): same path, same domain, so the monitor's
 * readiness step scans a loopback fixture site instead of a name nobody serves.
 */
export function servedFrom(
  source: SimulatedSource,
  origins: Readonly<Record<string, string>> | undefined,
): SimulatedSource {
  const origin = origins?.[source.domain];
  if (!origin) return source;
  const { pathname, search } = new URL(source.url);
  return { ...source, url: `${origin.replace(/\/+$/, '')}${pathname}${search}` };
}

export function addSource(sources: SimulatedSource[], source: SimulatedSource): number {
  const existing = sources.findIndex((s) => s.url === source.url);
  if (existing >= 0) return existing;
  sources.push(source);
  return sources.length - 1;
}

/**
 * What a model would type into a search engine for a prompt: its words without the question's
 * punctuation, whole words only, at most 12 of them (never cut inside a word).
 */
export function searchQueryOf(prompt: string): string {
  const words = prompt
    .replace(/[?¿!¡.,:;“”„"«»()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.slice(0, 12).join(' ') || 'your question';
}

export function topicOf(prompt: string): string {
  const compact = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!]+$/, '');
  if (compact.length <= 80) return compact || 'your question';
  // Cut at a word boundary: a topic never ends inside a word.
  const cut = compact.slice(0, 77);
  const space = cut.lastIndexOf(' ');
  return `${space > 40 ? cut.slice(0, space) : cut}...`;
}

function slugOf(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug.slice(0, 60) || 'topic';
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Plain text of the answer, sentences separated by spaces. */
export function plainText(answer: SimulatedAnswer): string {
  return answer.sentences.map((sentence) => sentence.text).join(' ');
}

/** Rough token counts so usage fields look plausible. */
export function approximateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The stub answer behind truncated or failed responses, where only the shape matters. */
export function emptyAnswer(): SimulatedAnswer {
  return {
    sentences: [{ text: 'Partial', sources: [] }],
    sources: [],
    searchQuery: '',
    mentioned: [],
  };
}
