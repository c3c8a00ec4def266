/**
 * AI user-agent product tokens by role (vendor documentation; docs/scan-engine.md, "Standards").
 * Blocking training crawlers is a legitimate policy; blocking search crawlers or user
 * fetchers removes the site from AI answers.
 */

/** Crawlers that feed AI search answers (Googlebot and Bingbot feed AI Overviews and Copilot). */
export const SEARCH_CRAWLERS = [
  'OAI-SearchBot',
  'Claude-SearchBot',
  'PerplexityBot',
  'Googlebot',
  'Bingbot',
] as const;
/** Fetchers acting for a person who asked an assistant about the page. */
export const USER_FETCHERS = ['ChatGPT-User', 'Claude-User', 'Perplexity-User'] as const;
/** Training crawlers: blocking them is policy, not a readiness defect. */
export const TRAINING_CRAWLERS = [
  'GPTBot',
  'ClaudeBot',
  'Google-Extended',
  'CCBot',
  'Applebot-Extended',
  'Meta-ExternalAgent',
] as const;
export const ALL_AI_TOKENS = [...SEARCH_CRAWLERS, ...USER_FETCHERS, ...TRAINING_CRAWLERS];
/** An AI user-agent product token the scan judges. */
export type AiToken = (typeof ALL_AI_TOKENS)[number];
