/**
 * The sentences the simulator writes about a company, shared by the answer composers and the
 * simulated judge: the judge reads an answer back by these templates, so its verdict always
 * agrees with what the answer says (sentiment, absence statements, fact claims).
 */

export interface Phrase {
  text: string;
  /** -2..2 toward the company the sentence is about. */
  sentiment: number;
}

export const PHRASES: readonly Phrase[] = [
  { text: 'is frequently recommended for teams that want quick setup', sentiment: 1 },
  { text: 'stands out for its reporting and integrations', sentiment: 2 },
  { text: 'is a common choice among small and mid-sized companies', sentiment: 0 },
  {
    text: 'gets good reviews for support, although pricing is a frequent complaint',
    sentiment: 0,
  },
  { text: 'is often listed among the leading options', sentiment: 1 },
  { text: 'draws complaints about slow support and surprise price increases', sentiment: -1 },
];

/** "Acme stands out for its reporting and integrations." */
export function mentionSentence(name: string, phrase: Phrase): string {
  return `${name} ${phrase.text}.`;
}

export function absenceSentence(name: string): string {
  return `I couldn't find reliable information about ${name}.`;
}

/** A claim about one fact, its value in typographic quotes so the judge can read it back. */
export function factSentence(label: string, brand: string, value: string): string {
  return `The ${label} of ${brand} is “${value}”.`;
}

export function undocumentedFactSentence(label: string, brand: string): string {
  return `The ${label} of ${brand} is not publicly documented.`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How the simulator's answers name a fact: `founded_year` -> `founded year`. */
export function factLabel(key: string): string {
  return key.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A wrong but plausible version of a fact value, or null when there is none to make up: a
 * number drifts; a worded value (a city, a name) has no made-up alternative, since another
 * value of the sheet (a year for a headquarters) would not be a mistake anyone makes.
 */
export function wrongValue(value: string): string | null {
  const number = /\d+/.exec(value);
  if (number) {
    const n = Number(number[0]);
    // Years drift back a little, prices and counts go up: both read like real mistakes.
    const changed = n >= 1900 && n <= 2100 ? n - 2 : n + Math.max(1, Math.round(n / 2));
    return value.replace(number[0], String(changed));
  }
  return null;
}
