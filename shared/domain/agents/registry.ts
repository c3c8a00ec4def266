/**
 * The registry of AI agents (docs/agent-logs.md "The registry"): who operates each product token,
 * what the operator says it fetches for (training, search, a person's request, other), and which
 * published address ranges prove a request came from it. A log line is matched to an agent by
 * the product token in its User-Agent; the ranges dataset (ranges.ts) then labels it verified,
 * spoofed or unverifiable. The list names every operator the product reports on, including those
 * that publish no ranges, so their traffic is still counted (as unverifiable).
 */

/** What an operator says the agent fetches for. */
export type AgentPurpose = 'training' | 'search' | 'user' | 'other';

/** The monitor's model families an operator's agents belong to (the case page's last fetch). */
export type AgentFamily = 'openai' | 'anthropic' | 'google' | 'perplexity';

export interface AgentDefinition {
  /** The product token as the operator writes it (matched case-insensitively). */
  token: string;
  operator: string;
  purpose: AgentPurpose;
  /** Id of the ranges source (ranges.ts) that verifies it; absent when none is published. */
  source?: string;
  /** The monitor family whose answers this agent feeds, when the monitor asks that family. */
  family?: AgentFamily;
}

const openai = (token: string, purpose: AgentPurpose, source: string): AgentDefinition => ({
  token,
  operator: 'OpenAI',
  purpose,
  source,
  family: 'openai',
});
const anthropic = (token: string, purpose: AgentPurpose): AgentDefinition => ({
  token,
  operator: 'Anthropic',
  purpose,
  // Anthropic publishes one feed for its three agents.
  source: 'anthropic-bots',
  family: 'anthropic',
});
const unpublished = (token: string, operator: string, purpose: AgentPurpose): AgentDefinition => ({
  token,
  operator,
  purpose,
});

/**
 * Every agent, in the order the registry lists them. Sources: each operator's crawler page
 * (named per source in agent-ranges.json); purposes as the operator describes the agent.
 */
export const AGENTS: readonly AgentDefinition[] = [
  openai('GPTBot', 'training', 'openai-gptbot'),
  openai('OAI-SearchBot', 'search', 'openai-searchbot'),
  openai('ChatGPT-User', 'user', 'openai-chatgpt-user'),
  anthropic('ClaudeBot', 'training'),
  anthropic('Claude-SearchBot', 'search'),
  anthropic('Claude-User', 'user'),
  {
    token: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'search',
    source: 'perplexity-perplexitybot',
    family: 'perplexity',
  },
  {
    token: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'user',
    source: 'perplexity-user',
    family: 'perplexity',
  },
  {
    token: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    source: 'google-common-crawlers',
    family: 'google',
  },
  {
    token: 'GoogleOther',
    operator: 'Google',
    purpose: 'other',
    source: 'google-special-crawlers',
    family: 'google',
  },
  {
    token: 'Google-CloudVertexBot',
    operator: 'Google',
    purpose: 'other',
    source: 'google-special-crawlers',
    family: 'google',
  },
  {
    token: 'Google-NotebookLM',
    operator: 'Google',
    purpose: 'user',
    source: 'google-user-triggered-fetchers-google',
    family: 'google',
  },
  { token: 'bingbot', operator: 'Microsoft', purpose: 'search', source: 'microsoft-bingbot' },
  { token: 'Applebot', operator: 'Apple', purpose: 'search', source: 'apple-applebot' },
  unpublished('Meta-ExternalAgent', 'Meta', 'training'),
  unpublished('Meta-ExternalFetcher', 'Meta', 'user'),
  unpublished('Amazonbot', 'Amazon', 'training'),
  unpublished('Amzn-SearchBot', 'Amazon', 'search'),
  unpublished('Amzn-User', 'Amazon', 'user'),
  unpublished('Bytespider', 'ByteDance', 'training'),
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'training', source: 'commoncrawl-ccbot' },
  {
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    source: 'duckduckgo-duckduckbot',
  },
  {
    token: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    purpose: 'user',
    source: 'duckduckgo-duckassistbot',
  },
  {
    token: 'MistralAI-User',
    operator: 'Mistral',
    purpose: 'user',
    source: 'mistral-user',
  },
  unpublished('YouBot', 'You.com', 'search'),
];

const BY_TOKEN = new Map(AGENTS.map((agent) => [agent.token.toLowerCase(), agent]));

/** The agent of a product token, as the registry spells it (case-insensitive). */
export function agentByToken(token: string): AgentDefinition | undefined {
  return BY_TOKEN.get(token.toLowerCase());
}

/**
 * One pass over a User-Agent finds the first registry token in it, standing as a word of its
 * own (`GPTBot/1.2`, `compatible; bingbot/2.0`, `Googlebot-Image`), never inside a longer word.
 * Longer tokens are tried first so that `Applebot` never hides a longer token that starts alike.
 */
const TOKEN_PATTERN = new RegExp(
  `(?<![a-z0-9])(${[...AGENTS]
    .map((agent) => agent.token)
    .sort((a, b) => b.length - a.length)
    .map((token) => token.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .join('|')})(?![a-z0-9])`,
  'i',
);

/** The registry agent a User-Agent names, or undefined for anything else (people, other bots). */
export function matchAgent(userAgent: string): AgentDefinition | undefined {
  const found = TOKEN_PATTERN.exec(userAgent);
  return found?.[1] ? BY_TOKEN.get(found[1].toLowerCase()) : undefined;
}
