/**
 * A small RFC 9309 robots.txt parser and matcher. We do not use robots-parser because
 * it closes a group at any non-rule line (Sitemap, Content-Signal, Crawl-delay), which RFC 9309
 * §2.2.4 forbids, and it cannot say which group and which line decided; findings need both
 * (see docs/scan-engine.md, Decisions, and test/unit/domain/scan-engine/robots-parser-conformance.test.ts).
 *
 * Rules implemented:
 * - §2.2.1 product tokens match case-insensitively; every group naming the token is merged;
 *   a named group replaces `*` entirely; with neither, everything is allowed.
 * - §2.2.2 the longest matching path (in octets) wins; on a tie, Allow wins; /robots.txt is
 *   always allowed.
 * - §2.2.3 `*` matches any sequence, a final `$` anchors the end.
 * - §2.2.4 other records (Sitemap, Content-Signal, Content-Usage...) never break a group.
 */

export interface RobotsRule {
  allow: boolean;
  /** The path pattern, percent-encoding normalised. */
  pattern: string;
  line: number;
}

export interface RobotsGroup {
  /** Lower-cased product tokens from the group's user-agent lines ("*" included as is). */
  userAgents: string[];
  rules: RobotsRule[];
  /** `Content-Signal:` values written inside this group. */
  contentSignals: RobotsRecord[];
  /** `Content-Usage:` (IETF AIPREF) values written inside this group. */
  contentUsages: RobotsRecord[];
  line: number;
}

export interface RobotsRecord {
  value: string;
  line: number;
}

export interface ParsedRobots {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Content-Signal / Content-Usage lines that appear before any user-agent line. */
  globalContentSignals: RobotsRecord[];
  globalContentUsages: RobotsRecord[];
  /** RSL 1.0 `License:` lines (global by definition, wherever they stand). */
  licenses: RobotsRecord[];
}

export type RobotsDecisionSource = 'named-group' | 'wildcard-group' | 'no-group';

export interface RobotsDecision {
  allowed: boolean;
  source: RobotsDecisionSource;
  /** The deciding rule; absent when no rule matched (allowed by default). */
  rule?: RobotsRule;
}

/** A parse in progress: the file so far and the group that records attach to. */
interface ParseState {
  parsed: ParsedRobots;
  current: RobotsGroup | undefined;
  /** A user-agent line after a rule starts a new group; consecutive user-agent lines share one. */
  currentHasRules: boolean;
}

/** Parses robots.txt text. Never throws: unparseable lines are skipped (§2.3.1.5). */
export function parseRobots(text: string): ParsedRobots {
  const state: ParseState = {
    parsed: {
      groups: [],
      sitemaps: [],
      globalContentSignals: [],
      globalContentUsages: [],
      licenses: [],
    },
    current: undefined,
    currentHasRules: false,
  };
  // google/robotstxt ID_UTF8ByteOrderMarkIsSkipped: a BOM (or the replacement character a
  // partial one decodes to) is skipped at the start of the file only; elsewhere its line is
  // garbage, so keys are trimmed of SP and HTAB alone (String#trim would also drop U+FEFF).
  const lines = text.replace(/^[\uFEFF\uFFFD]/, '').split(/\r\n|\r|\n/);
  lines.forEach((rawLine, index) => {
    const record = splitRecord(rawLine);
    if (record === undefined) return;
    const line = index + 1;
    if (record.key === 'user-agent') addUserAgent(state, record.value, line);
    else if (record.key === 'allow' || record.key === 'disallow') addRule(state, record, line);
    else addOtherRecord(state, record, line);
  });
  return state.parsed;
}

/** §2.2.1: a user-agent line opens a group, or joins the one opened by the line before. */
function addUserAgent(state: ParseState, value: string, line: number): void {
  if (state.current === undefined || state.currentHasRules) {
    state.current = { userAgents: [], rules: [], contentSignals: [], contentUsages: [], line };
    state.parsed.groups.push(state.current);
    state.currentHasRules = false;
  }
  const token = productToken(value);
  if (token !== '') {
    state.current.userAgents.push(token);
  }
}

/** §2.2.2: allow and disallow rules of the current group. */
function addRule(state: ParseState, record: { key: string; value: string }, line: number): void {
  if (state.current === undefined) {
    return; // rules before any user-agent line belong to no group
  }
  state.currentHasRules = true;
  if (record.value === '') {
    return; // "Disallow:" with no path means "nothing is disallowed"
  }
  state.current.rules.push({
    allow: record.key === 'allow',
    pattern: normalisePath(record.value),
    line,
  });
}

/**
 * Records that are not group rules (§2.2.4: they do not end a group): Sitemap, Content-Signal
 * and Content-Usage (of the current group, else of the file) and RSL `License:` (of the file).
 */
function addOtherRecord(
  state: ParseState,
  { key, value }: { key: string; value: string },
  line: number,
): void {
  const { parsed, current } = state;
  if (key === 'sitemap' && value !== '') parsed.sitemaps.push(value);
  if (key === 'content-signal') {
    (current?.contentSignals ?? parsed.globalContentSignals).push({ value, line });
  }
  if (key === 'content-usage') {
    (current?.contentUsages ?? parsed.globalContentUsages).push({ value, line });
  }
  if (key === 'license') parsed.licenses.push({ value, line });
}

/** The groups that apply to a product token: every named match merged, else every `*` group. */
export function groupsFor(
  robots: ParsedRobots,
  token: string,
): { groups: RobotsGroup[]; source: RobotsDecisionSource } {
  const wanted = token.toLowerCase();
  const named = robots.groups.filter((group) => group.userAgents.includes(wanted));
  if (named.length > 0) {
    return { groups: named, source: 'named-group' };
  }
  const wildcard = robots.groups.filter((group) => group.userAgents.includes('*'));
  if (wildcard.length > 0) {
    return { groups: wildcard, source: 'wildcard-group' };
  }
  return { groups: [], source: 'no-group' };
}

/** May the crawler with this product token fetch `pathAndQuery` ("/", "/docs?x=1")? */
export function isAllowed(
  robots: ParsedRobots,
  token: string,
  pathAndQuery: string,
): RobotsDecision {
  const { groups, source } = groupsFor(robots, token);
  const path = normalisePath(pathAndQuery === '' ? '/' : pathAndQuery);
  if (path === '/robots.txt') {
    return { allowed: true, source };
  }
  let best: RobotsRule | undefined;
  for (const group of groups) {
    for (const rule of group.rules) {
      if (!patternMatches(rule.pattern, path)) {
        continue;
      }
      const length = octetLength(rule.pattern);
      const bestLength = best === undefined ? -1 : octetLength(best.pattern);
      if (length > bestLength || (length === bestLength && rule.allow && !best?.allow)) {
        best = rule;
      }
    }
  }
  if (best === undefined) {
    return { allowed: true, source };
  }
  return { allowed: best.allow, source, rule: best };
}

/** True when the file names at least one of these tokens in a user-agent line. */
export function namesAnyToken(robots: ParsedRobots, tokens: readonly string[]): string[] {
  const wanted = new Set(tokens.map((token) => token.toLowerCase()));
  const named = new Set<string>();
  for (const group of robots.groups) {
    for (const agent of group.userAgents) {
      if (wanted.has(agent)) {
        named.add(agent);
      }
    }
  }
  return tokens.filter((token) => named.has(token.toLowerCase()));
}

/** Every Content-Signal record in the file, global and per group. */
export function allContentSignals(robots: ParsedRobots): RobotsRecord[] {
  return [...robots.globalContentSignals, ...robots.groups.flatMap((g) => g.contentSignals)];
}

export function allContentUsages(robots: ParsedRobots): RobotsRecord[] {
  return [...robots.globalContentUsages, ...robots.groups.flatMap((g) => g.contentUsages)];
}

const CONTENT_SIGNAL_KEYS = new Set(['search', 'ai-input', 'ai-train', 'use']);

/**
 * Validates `Content-Signal: search=yes, ai-input=yes, ai-train=no` (contentsignals.org).
 * Returns the problems found; an empty list means the value is valid.
 */
export function contentSignalProblems(value: string): string[] {
  const problems: string[] = [];
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) {
    return ['it is empty'];
  }
  for (const item of items) {
    const [rawKey, rawValue, ...rest] = item.split('=');
    const key = rawKey?.trim().toLowerCase() ?? '';
    const setting = rawValue?.trim().toLowerCase();
    if (rest.length > 0 || setting === undefined) {
      problems.push(`"${item}" is not key=value`);
    } else if (!CONTENT_SIGNAL_KEYS.has(key)) {
      problems.push(`"${key}" is not one of search, ai-input, ai-train`);
    } else if (setting !== 'yes' && setting !== 'no') {
      problems.push(`"${item}" must be yes or no`);
    }
  }
  return problems;
}

/** `key: value` of a line without its comment, or `undefined` without a colon. */
function splitRecord(rawLine: string): { key: string; value: string } | undefined {
  const withoutComment = rawLine.replace(/#.*$/, '');
  const colon = withoutComment.indexOf(':');
  if (colon < 0) return undefined;
  return {
    key: trimWs(withoutComment.slice(0, colon)).toLowerCase(),
    value: trimWs(withoutComment.slice(colon + 1)),
  };
}

/** RFC 9309 whitespace is SP and HTAB only. */
function trimWs(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** "Googlebot/2.1" and "googlebot" name the same product token. */
function productToken(value: string): string {
  return (value.split(/[\s/]/)[0] ?? '').toLowerCase();
}

/**
 * Compares paths the way RFC 9309 §2.2.2 asks: non-ASCII characters as UTF-8 percent-encoded
 * octets, percent escapes upper-cased so "%2f" and "%2F" match.
 */
function normalisePath(value: string): string {
  let encoded: string;
  try {
    encoded = encodeURI(value).replace(/%25([0-9a-fA-F]{2})/g, '%$1');
  } catch {
    encoded = value;
  }
  return encoded.replace(/%[0-9a-f]{2}/gi, (percentEscape) => percentEscape.toUpperCase());
}

function octetLength(pattern: string): number {
  return pattern.length; // already ASCII after normalisePath
}

/**
 * Does `pattern` match a prefix of `path`? Runs in O(pattern x path) by tracking every
 * position the match could have reached so far (the approach of Google's reference parser),
 * so hostile patterns such as "/*a*a*a*...b" cannot make it backtrack exponentially.
 */
function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  // reachable[i]: the pattern consumed so far can end exactly before path[i].
  let reachable = new Uint8Array(path.length + 1);
  reachable[0] = 1;
  for (const char of body) {
    const next = new Uint8Array(path.length + 1);
    let any = false;
    if (char === '*') {
      let seen = false;
      for (let i = 0; i <= path.length; i += 1) {
        seen ||= reachable[i] === 1;
        if (seen) {
          next[i] = 1;
          any = true;
        }
      }
    } else {
      for (let i = 0; i < path.length; i += 1) {
        if (reachable[i] === 1 && path[i] === char) {
          next[i + 1] = 1;
          any = true;
        }
      }
    }
    if (!any) {
      return false;
    }
    reachable = next;
  }
  return anchored ? reachable[path.length] === 1 : true;
}
