/**
 * Deterministic mention detection (docs/monitor.md, "Method", Mention detection). Names and
 * aliases match as whole words or whole word sequences ("Demand IQ" = "Demand-IQ" = "DemandIQ"),
 * never as substrings ("LI" is not in "tile"); text is NFKC-normalised, lower-cased and stripped
 * of Latin, Greek and Cyrillic accents; scripts written without spaces (Han, Kana, Thai, ...)
 * match on code-point boundaries. Link surfaces (URLs, markdown link targets, link labels that are
 * addresses) are removed first, so a citation is never counted as a naming. Domains written in the
 * text are collected separately: they are a different signal from a name.
 */

import { boundedMemo } from '#shared/domain/kernel/memo';
import { registrableDomain } from '#shared/domain/kernel/net/registrable-domain';

export interface EntityTerms {
  name: string;
  aliases: readonly string[];
}

export interface MentionHit {
  /** The name or alias that matched, as the case spells it. */
  term: string;
  /** Offsets in the normalised text. */
  start: number;
  end: number;
}

export interface EntityDetection {
  detected: boolean;
  occurrences: number;
  /** First occurrence as a fraction of the normalised text length. */
  first_position: number | null;
  hits: MentionHit[];
  /** Every matched term is three characters or shorter (after normalisation). */
  ambiguous: boolean;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

export interface PreparedText {
  /** Normalised text without link surfaces (what names are matched against). */
  normalised: string;
  tokens: Token[];
  /** Registrable domains written in the visible text (bare URLs, hosts, address-like labels). */
  domains: string[];
}

// One hard break that never joins two words; stands in for every removed link surface.
const BREAK = '\u0001';
const NO_SPACE_SCRIPTS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\p{Script=Tibetan}';
const TOKEN = new RegExp(
  `[${NO_SPACE_SCRIPTS}]\\p{M}*|(?:(?![${NO_SPACE_SCRIPTS}])[\\p{L}\\p{N}\\p{M}])+`,
  'gu',
);
// Whitespace, or one joining character: "Demand IQ", "Demand-IQ", "Demand.IQ", "Acme's".
const JOINABLE_GAP = /^(?:\s+|[-_./·'’]?)$/u;
const MARKDOWN_LINK =
  /\[([^\]\n]*)\]\(\s*<?([^\s()<>]+(?:\([^\s()]*\))?[^\s()<>]*)>?(?:\s+"[^"\n]*")?\s*\)/g;
const BARE_URL = /\b(?:https?|ftp):\/\/[^\s<>"'()[\]]+/gi;
const WWW_HOST = /\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s<>"'()[\]]*)?/gi;
const HOST_IN_PROSE = /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?![\w-])/gi;
const ADDRESS_LIKE = /^(?:(?:https?|ftp):\/\/|www\.)\S+$|^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/\S*)?$/i;

/** NFKC, lower case, Latin/Greek/Cyrillic accents folded, ß -> ss, final sigma -> sigma. */
export function normaliseForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu, '$1')
    .normalize('NFC')
    .replaceAll('ß', 'ss')
    .replaceAll('ς', 'σ');
}

/** Removes link surfaces, keeping labels that are words rather than addresses. */
export function stripLinkSurfaces(text: string): { text: string; visibleHosts: string[] } {
  const visibleHosts: string[] = [];
  let stripped = text.replace(MARKDOWN_LINK, (_match, label: string) => {
    const trimmed = label.trim();
    if (ADDRESS_LIKE.test(trimmed)) {
      visibleHosts.push(trimmed);
      return BREAK;
    }
    return `${BREAK}${label}${BREAK}`;
  });
  stripped = stripped.replace(BARE_URL, (url) => {
    visibleHosts.push(url);
    return BREAK;
  });
  stripped = stripped.replace(WWW_HOST, (host) => {
    visibleHosts.push(host);
    return BREAK;
  });
  for (const match of stripped.matchAll(HOST_IN_PROSE)) visibleHosts.push(match[0]);
  return { text: stripped, visibleHosts };
}

/**
 * Normalises and tokenises a text once, for matching many entities against it. Kept for the
 * latest texts: an answer is prepared by the judge reader and the measurer, and a prompt is the
 * same for every repeat and family of it (the result is shared: callers only read it).
 */
export const prepareText: (text: string) => PreparedText = boundedMemo(512, 600, prepareTextOnce);

function prepareTextOnce(text: string): PreparedText {
  const { text: stripped, visibleHosts } = stripLinkSurfaces(text);
  const normalised = normaliseForMatching(stripped);
  const tokens = [...normalised.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const domains = [...new Set(visibleHosts.map(registrableDomain).filter((d) => d !== ''))];
  return { normalised, tokens, domains };
}

interface Term {
  term: string;
  key: string;
}

const termsOfKey = boundedMemo(256, 2000, (key: string): Term[] => {
  const [name = '', ...aliases] = key.split('\u0000');
  return termsOnce({ name, aliases });
});

/**
 * The match keys of an entity: each name or alias as its concatenated normalised words (kept
 * for the latest entities; the list is shared, callers only read it).
 */
export function termsOf(entity: EntityTerms): Term[] {
  return termsOfKey([entity.name, ...entity.aliases].join('\u0000'));
}

function termsOnce(entity: EntityTerms): Term[] {
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const term of [entity.name, ...entity.aliases]) {
    const key = [...normaliseForMatching(term).matchAll(TOKEN)].map((m) => m[0]).join('');
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    terms.push({ term, key });
  }
  // Longest first, so "Acme Analytics" wins over "Acme" at the same position.
  return terms.sort((a, b) => b.key.length - a.key.length);
}

export function detectEntity(prepared: PreparedText, entity: EntityTerms): EntityDetection {
  const terms = termsOf(entity);
  const candidates: MentionHit[] = [];
  const { tokens, normalised } = prepared;
  for (let i = 0; i < tokens.length; i += 1) {
    for (const term of terms) {
      const end = matchAt(tokens, normalised, i, term.key);
      if (end !== null) candidates.push({ term: term.term, start: tokens[i]?.start ?? 0, end });
    }
  }
  const hits: MentionHit[] = [];
  for (const hit of candidates) {
    const last = hits.at(-1);
    if (last !== undefined && hit.start < last.end) continue;
    hits.push(hit);
  }
  const first = hits[0];
  const matchedKeys = new Set(hits.map((hit) => terms.find((t) => t.term === hit.term)?.key));
  return {
    detected: hits.length > 0,
    occurrences: hits.length,
    first_position: first === undefined ? null : first.start / Math.max(1, normalised.length),
    hits,
    ambiguous: hits.length > 0 && [...matchedKeys].every((key) => (key?.length ?? 0) <= 3),
  };
}

/** Convenience for one entity and one text. */
export function detectMentions(text: string, entity: EntityTerms): EntityDetection {
  return detectEntity(prepareText(text), entity);
}

/** True when the text writes the entity's domain (any host on the same registrable domain). */
export function domainInText(prepared: PreparedText, domain: string | null): boolean {
  if (domain === null || domain.trim() === '') return false;
  const own = registrableDomain(domain);
  return own !== '' && prepared.domains.includes(own);
}

/** End offset of the whole-word sequence starting at token `i` that spells `key`, or null. */
function matchAt(tokens: Token[], text: string, i: number, key: string): number | null {
  let spelled = '';
  for (let j = i; j < tokens.length; j += 1) {
    const token = tokens[j];
    const previous = tokens[j - 1];
    if (token === undefined) return null;
    if (
      j > i &&
      previous !== undefined &&
      !JOINABLE_GAP.test(text.slice(previous.end, token.start))
    )
      return null;
    spelled += token.text;
    if (!key.startsWith(spelled)) return null;
    if (spelled === key) return token.end;
  }
  return null;
}
