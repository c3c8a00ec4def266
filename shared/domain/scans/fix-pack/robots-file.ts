/**
 * The robots.txt of the fix pack (issue 38, point 4): the site's own file with a group that
 * lets the AI search crawlers and user-initiated fetchers in (with the rules every crawler has,
 * less a whole-site block), a Content-Signal line, and the sitemap named. Groups that named only
 * those agents are replaced; training-crawler groups and every other rule are kept as they are.
 */
import { SEARCH_CRAWLERS, USER_FETCHERS } from '#shared/domain/scan-engine/ai-tokens';
import type { FixInputs } from '#shared/domain/scan-engine/fix-inputs';

/** The agents the generated group admits: the AI-specific answer bots, and any found blocked. */
const AI_ANSWER_AGENTS: readonly string[] = [
  ...SEARCH_CRAWLERS.filter((token) => token !== 'Googlebot' && token !== 'Bingbot'),
  ...USER_FETCHERS,
];
const CONTENT_SIGNAL = 'Content-Signal: search=yes, ai-input=yes, ai-train=no';

interface Group {
  agents: string[];
  lines: string[];
}

/** The file split into its groups (and the lines before the first one). */
function groupsOf(text: string): { preamble: string[]; groups: Group[]; sitemaps: string[] } {
  const preamble: string[] = [];
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | undefined;
  let agentsOpen = false;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trimEnd();
    const key = /^\s*([A-Za-z-]+)\s*:/.exec(line)?.[1]?.toLowerCase();
    if (key === 'sitemap') {
      sitemaps.push(line.trim());
      continue;
    }
    if (key === 'content-signal') continue;
    if (key === 'user-agent') {
      if (!agentsOpen || current === undefined) {
        current = { agents: [], lines: [] };
        groups.push(current);
      }
      current.agents.push(line.slice(line.indexOf(':') + 1).trim());
      agentsOpen = true;
      continue;
    }
    agentsOpen = false;
    if (current === undefined) preamble.push(line);
    else if (line.trim() !== '') current.lines.push(line.trim());
  }
  return { preamble, groups, sitemaps };
}

const isAnswerAgent = (agent: string) =>
  AI_ANSWER_AGENTS.some((token) => token.toLowerCase() === agent.toLowerCase());

/** The generated robots.txt, for `blocked` tokens found blocked besides the usual AI agents. */
export function robotsFile(inputs: FixInputs, blocked: readonly string[]): string {
  const { preamble, groups, sitemaps } = groupsOf(inputs.robots ?? '');
  const agents = [...new Set([...AI_ANSWER_AGENTS, ...blocked])];
  const star = groups.find((group) => group.agents.includes('*'));
  const shared = (star?.lines ?? []).filter((line) => !/^disallow\s*:\s*\/\s*$/i.test(line));
  const kept = groups
    .map((group) => ({ ...group, agents: group.agents.filter((agent) => !isAnswerAgent(agent)) }))
    .filter((group) => group.agents.length > 0);
  const blocks = [
    [
      '# AI search crawlers and user-initiated AI fetchers may read the site.',
      ...agents.map((agent) => `User-agent: ${agent}`),
      'Allow: /',
      ...shared.filter((line) => !/^allow\s*:\s*\/\s*$/i.test(line)),
    ],
    ...kept.map((group) => [
      ...group.agents.map((agent) => `User-agent: ${agent}`),
      ...(group === star ? [CONTENT_SIGNAL] : []),
      ...group.lines,
    ]),
    ...(star === undefined ? [['User-agent: *', CONTENT_SIGNAL, 'Allow: /']] : []),
  ];
  const sitemapLines =
    sitemaps.length > 0 ? sitemaps : inputs.sitemap_url ? [`Sitemap: ${inputs.sitemap_url}`] : [];
  const head = preamble.filter((line) => line.trim() !== '');
  return `${[...(head.length > 0 ? [head.join('\n')] : []), ...blocks.map((block) => block.join('\n')), ...(sitemapLines.length > 0 ? [sitemapLines.join('\n')] : [])].join('\n\n')}\n`;
}
