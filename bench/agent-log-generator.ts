/**
 * A realistic mixed access log for the agent-logs benchmark (bench/agent-logs.ts): nginx
 * `combined` lines over two weeks on a site of a few thousand paths (a few popular, most rare),
 * from people (most lines), search engines, AI agents (verified from their operators' ranges,
 * some spoofed), agents that publish no ranges, and other bots; mostly 200, some 304, 404, 403
 * and a few 5xx. Deterministic (a seeded generator), written part by part so memory stays flat.
 */

/** A small, fast, seeded generator (mulberry32): the same log for the same seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Visitor {
  share: number;
  agent: string;
  /** An address of this kind of visitor. */
  address: (random: () => number) => string;
  /** How often it is refused (403) where people are served. */
  refused?: number;
}

const octet = (random: () => number) => Math.floor(random() * 254) + 1;
const anywhere = (random: () => number) =>
  `${[23, 45, 81, 93, 151, 176, 185, 203][Math.floor(random() * 8)]}.${octet(random)}.${octet(random)}.${octet(random)}`;
const within = (prefix: string) => (random: () => number) => `${prefix}.${octet(random)}`;

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const compatible = (token: string, url: string) =>
  `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}; +${url})`;

/** Who visits, and how often: shares add up to 1. */
const VISITORS: readonly Visitor[] = [
  { share: 0.36, agent: CHROME, address: anywhere },
  { share: 0.12, agent: SAFARI, address: anywhere },
  { share: 0.07, agent: FIREFOX, address: anywhere },
  {
    share: 0.08,
    agent: compatible('Googlebot/2.1', 'http://www.google.com/bot.html'),
    address: within('66.249.66'),
  },
  {
    share: 0.03,
    agent: compatible('bingbot/2.0', 'http://www.bing.com/bingbot.htm'),
    address: within('40.77.167'),
  },
  {
    share: 0.04,
    agent: compatible('GPTBot/1.2', 'https://openai.com/gptbot'),
    address: within('20.171.206'),
    refused: 0.2,
  },
  { share: 0.01, agent: compatible('GPTBot/1.2', 'https://openai.com/gptbot'), address: anywhere },
  {
    share: 0.02,
    agent: compatible('OAI-SearchBot/1.0', 'https://openai.com/searchbot'),
    address: within('51.8.102'),
  },
  {
    share: 0.03,
    agent: compatible('ChatGPT-User/1.0', 'https://openai.com/bot'),
    // 23.98.142.176/28, one of ChatGPT-User's published prefixes.
    address: (random) => `23.98.142.${176 + Math.floor(random() * 16)}`,
  },
  {
    share: 0.03,
    agent: compatible('ClaudeBot/1.0', 'claudebot@anthropic.com'),
    address: within('216.73.216'),
    refused: 0.1,
  },
  {
    share: 0.02,
    agent: compatible('PerplexityBot/1.0', 'https://perplexity.ai/perplexitybot'),
    address: () => '3.224.62.45',
  },
  {
    share: 0.005,
    agent: compatible('PerplexityBot/1.0', 'https://perplexity.ai/perplexitybot'),
    address: anywhere,
  },
  {
    share: 0.02,
    agent:
      'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    address: anywhere,
  },
  {
    share: 0.02,
    agent: compatible('Bytespider', 'spider-feedback@bytedance.com'),
    address: anywhere,
    refused: 0.5,
  },
  {
    share: 0.01,
    agent: compatible('Amazonbot/0.1', 'https://developer.amazon.com/support/amazonbot'),
    address: anywhere,
  },
  { share: 0.01, agent: 'CCBot/2.0 (https://commoncrawl.org/faq/)', address: anywhere },
  {
    share: 0.01,
    agent: compatible('Applebot/0.1', 'http://www.apple.com/go/applebot'),
    address: within('17.241.75'),
  },
  {
    share: 0.045,
    agent: compatible('AhrefsBot/7.0', 'http://ahrefs.com/robot/'),
    address: anywhere,
  },
  { share: 0.04, agent: 'curl/8.5.0', address: anywhere },
];

const SECTIONS = ['docs', 'blog', 'guides', 'changelog', 'integrations', 'customers'];

/** The site's paths: a home page, a few hubs, then articles; popular ones first. */
function pathsOf(count: number, random: () => number): string[] {
  const paths = ['/', '/pricing', '/docs', '/blog', '/about', '/contact'];
  while (paths.length < count) {
    const section = SECTIONS[Math.floor(random() * SECTIONS.length)];
    paths.push(`/${section}/${Math.floor(random() * 1e6).toString(36)}-${paths.length}`);
  }
  return paths;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');

function stamp(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${two(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

export interface LogShape {
  lines: number;
  days: number;
  paths: number;
  seed: number;
  /** The last second the log covers (epoch seconds). */
  endsAt: number;
}

/** Writes the log's lines in batches (`write` receives about `batch` lines of text at a time). */
export function generateLog(shape: LogShape, write: (text: string) => void, batch = 5000): void {
  const random = seeded(shape.seed);
  const paths = pathsOf(shape.paths, random);
  const cumulative: number[] = [];
  let total = 0;
  for (const visitor of VISITORS) {
    total += visitor.share;
    cumulative.push(total);
  }
  const start = shape.endsAt - shape.days * 86_400;
  const step = (shape.days * 86_400) / shape.lines;
  let text = '';
  for (let index = 0; index < shape.lines; index += 1) {
    const pick = random() * total;
    let which = 0;
    while ((cumulative[which] ?? total) < pick) which += 1;
    const visitor = VISITORS[which] as Visitor;
    // A Zipf-like choice: most requests go to the first paths.
    const path = paths[Math.floor(paths.length * random() ** 3)] ?? '/';
    const roll = random();
    const status =
      roll < (visitor.refused ?? 0)
        ? 403
        : roll > 0.995
          ? 503
          : roll > 0.97
            ? 404
            : roll > 0.9
              ? 304
              : 200;
    const query = random() < 0.1 ? `?ref=${Math.floor(random() * 100)}` : '';
    text += `${visitor.address(random)} - - [${stamp(Math.floor(start + index * step))}] "GET ${path}${query} HTTP/1.1" ${status} ${status === 200 ? 2000 + Math.floor(random() * 60000) : 0} "-" "${visitor.agent}"\n`;
    if ((index + 1) % batch === 0) {
      write(text);
      text = '';
    }
  }
  if (text !== '') write(text);
}
