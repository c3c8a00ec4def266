/**
 * robots.txt constructs that crawlers read differently. Google's open-source parser
 * (google/robotstxt, robots.cc) accepts common key typos, a missing colon and a leading BOM,
 * and cuts lines at 16,664 bytes; strict RFC 9309 parsers ignore such lines. Our own matcher
 * is strict, so each construct is reported with its line: the owner fixes the file instead of
 * guessing which crawler reads what.
 */

/** The construct a lint issue reports (each is one finding id of the crawler check). */
export type RobotsLintKind =
  | 'bom'
  | 'long-line'
  | 'missing-colon'
  | 'misspelled-key'
  | 'agent-list';

export interface RobotsLintIssue {
  kind: RobotsLintKind;
  line: number;
  text: string;
}

/** Misspellings Google's parser accepts (robots.cc, kAllowFrequentTypos), by canonical key. */
const GOOGLE_TYPOS: Record<string, string> = {
  useragent: 'User-agent',
  'user agent': 'User-agent',
  dissallow: 'Disallow',
  dissalow: 'Disallow',
  disalow: 'Disallow',
  diasllow: 'Disallow',
  disallaw: 'Disallow',
  'site-map': 'Sitemap',
};
const KNOWN_KEYS = ['user-agent', 'allow', 'disallow', 'sitemap'];
/** Browsers stop at 2,083 bytes of URL; no sensible rule is longer. */
const LONG_LINE_BYTES = 2_083;
/** Google's parser ignores the rest of a line past this many bytes (robots.cc kMaxLineLen). */
const GOOGLE_LINE_LIMIT = 2_083 * 8;
const MAX_ISSUES = 10;

/** `startsWithBom`: the body began with a UTF-8 BOM that decoding already removed. */
export function lintRobots(text: string, startsWithBom = false): RobotsLintIssue[] {
  const issues: RobotsLintIssue[] = [];
  const body = startsWithBom && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text;
  body.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const issue = lintLine(raw, index + 1);
    if (issue !== undefined) {
      issues.push(issue);
    }
  });
  return issues.slice(0, MAX_ISSUES);
}

function lintLine(raw: string, line: number): RobotsLintIssue | undefined {
  if (raw.startsWith('\uFEFF')) {
    return {
      kind: 'bom',
      line,
      text:
        line === 1
          ? 'robots.txt line 1 starts with a byte-order mark (BOM). Google skips it, but parsers that do not read the first key as unknown and drop that line. Save the file as UTF-8 without BOM.'
          : `robots.txt line ${line} starts with a byte-order mark (BOM), probably from files pasted together; parsers drop that line. Remove it.`,
    };
  }
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > LONG_LINE_BYTES) {
    const google =
      bytes > GOOGLE_LINE_LIMIT
        ? 'Google ignores everything past 16,664 bytes of a line'
        : 'Google reads it';
    return {
      kind: 'long-line',
      line,
      text: `robots.txt line ${line} is ${bytes.toLocaleString('en')} bytes long; ${google}, other parsers may cut or drop it, and no URL is that long (browsers stop at 2,083). Shorten the rule.`,
    };
  }
  const content = raw.replace(/#.*$/, '').trim();
  if (content === '') {
    return undefined;
  }
  const colon = content.indexOf(':');
  if (colon < 0) {
    return missingColon(content, line);
  }
  const key = content.slice(0, colon).trim();
  const value = content.slice(colon + 1).trim();
  if (/\s/.test(key) && GOOGLE_TYPOS[key.toLowerCase()] === undefined) {
    // "Sitemap https://..." : the colon found belongs to the value.
    return missingColon(content, line);
  }
  return misspelledKey(key, line) ?? agentList(key, value, line);
}

function missingColon(content: string, line: number): RobotsLintIssue | undefined {
  const [key, ...rest] = content.split(/\s+/);
  const canonical = canonicalKey(key ?? '');
  if (canonical === undefined || rest.length === 0) {
    return undefined;
  }
  return {
    kind: 'missing-colon',
    line,
    text: `robots.txt line ${line} "${content}" has no colon after ${canonical}. Google accepts it; RFC 9309 parsers ignore the line. Write "${canonical}: ${rest.join(' ')}".`,
  };
}

function misspelledKey(key: string, line: number): RobotsLintIssue | undefined {
  const lower = key.toLowerCase();
  if (KNOWN_KEYS.includes(lower)) {
    return undefined;
  }
  const canonical = canonicalKey(key);
  if (canonical === undefined) {
    return undefined;
  }
  const google = googleAccepts(lower) ? 'Google accepts it' : 'Google ignores it too';
  return {
    kind: 'misspelled-key',
    line,
    text: `robots.txt line ${line}: "${key}" is a misspelling of ${canonical}. ${google}; RFC 9309 parsers ignore the line. Write "${canonical}:".`,
  };
}

function agentList(key: string, value: string, line: number): RobotsLintIssue | undefined {
  if (key.toLowerCase() !== 'user-agent' || !value.includes(',')) {
    return undefined;
  }
  const first = /^[A-Za-z_-]+/.exec(value)?.[0] ?? value;
  return {
    kind: 'agent-list',
    line,
    text: `robots.txt line ${line} "User-agent: ${value}" names several crawlers on one line. Google reads only "${first}", other parsers match none of them. Write one User-agent line per crawler.`,
  };
}

/** The key a (possibly misspelled) robots.txt key stands for, if any. */
function canonicalKey(key: string): string | undefined {
  const lower = key.toLowerCase();
  const prefix = [...KNOWN_KEYS, ...Object.keys(GOOGLE_TYPOS)].find((known) =>
    lower.startsWith(known),
  );
  if (prefix !== undefined) {
    return CANONICAL_SPELLING[prefix] ?? GOOGLE_TYPOS[prefix];
  }
  const close = KNOWN_KEYS.find((known) => editDistance(lower, known) <= 2);
  return close === undefined ? undefined : CANONICAL_SPELLING[close];
}

/** Google matches keys by prefix, typos included ("Disallowed", "sitemaps" pass). */
function googleAccepts(lower: string): boolean {
  return [...KNOWN_KEYS, ...Object.keys(GOOGLE_TYPOS)].some((known) => lower.startsWith(known));
}

const CANONICAL_SPELLING: Record<string, string> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
