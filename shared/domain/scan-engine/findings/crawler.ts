/**
 * Finding types of check 1 `crawler` (docs/scan-engine.md "Finding ids"). A blocked AI token
 * has an id of its own (`crawler.gptbot_blocked`), so a gate can name the crawler that lost
 * access; training crawlers blocked are policy (`info`), search crawlers and user fetchers
 * blocked are defects (`bad`).
 */
import {
  SEARCH_CRAWLERS,
  TRAINING_CRAWLERS,
  USER_FETCHERS,
} from '#shared/domain/scan-engine/ai-tokens';
import { checkCommon, type FindingTypeSpec, finding, passing } from './spec.ts';
import { blockedTokenId, type TokenSlug } from './token-ids.ts';

type AnswerToken = (typeof SEARCH_CRAWLERS)[number] | (typeof USER_FETCHERS)[number];
type TrainingToken = (typeof TRAINING_CRAWLERS)[number];

function blockedEntries<T extends string>(
  tokens: readonly T[],
  entry: (token: T) => FindingTypeSpec<'rfc9309'>,
): Record<`crawler.${TokenSlug<T>}_blocked`, FindingTypeSpec<'rfc9309'>> {
  return Object.fromEntries(tokens.map((token) => [blockedTokenId(token), entry(token)])) as Record<
    `crawler.${TokenSlug<T>}_blocked`,
    FindingTypeSpec<'rfc9309'>
  >;
}

const ANSWER_BLOCKS = blockedEntries<AnswerToken>([...SEARCH_CRAWLERS, ...USER_FETCHERS], (token) =>
  finding(
    `${token} is blocked by robots.txt`,
    `Allow ${token} in robots.txt: remove the Disallow rule the finding names, or add a "User-agent: ${token}" group with "Allow: /". It puts pages into AI answers.`,
    'rfc9309',
  ),
);

const TRAINING_BLOCKS = blockedEntries<TrainingToken>(TRAINING_CRAWLERS, (token) =>
  finding(
    `${token} (a training crawler) is blocked`,
    `Nothing to fix: blocking ${token} keeps content out of model training and is a policy choice the score does not penalise.`,
    'rfc9309',
  ),
);

const ROBOTS_FILE = {
  'crawler.robots_unreadable': finding(
    'robots.txt could not be fetched by the scanner',
    'Nothing to fix on the site as far as we know: the scanner could not reach robots.txt this time (DNS, connection or deadline). Scan again.',
    'rfc9309',
  ),
  'crawler.robots_ok': passing('robots.txt served as text/plain with 200', 'rfc9309'),
  'crawler.robots_wrong_type': finding(
    'robots.txt served with a type other than text/plain',
    'Serve /robots.txt with "Content-Type: text/plain; charset=utf-8".',
    'rfc9309',
  ),
  'crawler.robots_too_large': finding(
    'robots.txt larger than 512 KiB',
    'Shorten robots.txt below 512 KiB: crawlers stop reading there (RFC 9309 §2.5). Merge rules with wildcards.',
    'rfc9309',
  ),
  'crawler.robots_missing': finding(
    'No robots.txt (4xx)',
    'Publish /robots.txt (text/plain) naming the AI crawlers you welcome and a Content-Signal line; the fix pack generates one.',
    'rfc9309',
  ),
  'crawler.robots_catch_all': finding(
    'robots.txt answers with the catch-all page',
    'Serve a real text/plain /robots.txt, and answer 404 for paths that do not exist.',
    'rfc9309',
  ),
  'crawler.robots_html': finding(
    'robots.txt answers with an HTML page',
    'Serve a real text/plain /robots.txt instead of the HTML page.',
    'rfc9309',
  ),
  'crawler.robots_redirect_loop': finding(
    'robots.txt redirects in a loop',
    'Fix the redirect so /robots.txt answers 200 with text/plain within five redirects.',
    'rfc9309',
  ),
  'crawler.robots_bad_redirect': finding(
    'robots.txt redirects without a usable Location',
    'Serve /robots.txt with 200 and text/plain, or redirect with a valid Location header.',
    'rfc9309',
  ),
  'crawler.robots_rate_limited': finding(
    'robots.txt answers 429',
    'Do not rate-limit /robots.txt: crawlers read a 429 as "disallow everything".',
    'rfc9309',
  ),
  'crawler.robots_slow': finding(
    'robots.txt did not answer in time',
    'Serve /robots.txt fast (a static file): crawlers read an unreachable robots.txt as "disallow everything".',
    'rfc9309',
  ),
  'crawler.robots_server_error': finding(
    'robots.txt answers a server error',
    'Serve /robots.txt with 200 (or 404 for no rules): crawlers read a 5xx as "disallow everything".',
    'rfc9309',
  ),
} as const;

const LINT = {
  'crawler.robots_bom': finding(
    'robots.txt line starts with a byte-order mark',
    'Save robots.txt as UTF-8 without a BOM; parsers that keep it drop the line it starts.',
    'rfc9309',
  ),
  'crawler.robots_long_line': finding(
    'robots.txt line longer than 2,083 bytes',
    'Shorten the rule on the line the finding names; parsers cut or drop very long lines.',
    'rfc9309',
  ),
  'crawler.robots_missing_colon': finding(
    'robots.txt line without a colon after its key',
    'Write the key with a colon ("Disallow: /path"); RFC 9309 parsers ignore the line otherwise.',
    'rfc9309',
  ),
  'crawler.robots_misspelled_key': finding(
    'robots.txt key misspelled',
    'Spell the key as the finding says (User-agent, Allow, Disallow, Sitemap).',
    'rfc9309',
  ),
  'crawler.robots_agent_list': finding(
    'Several crawlers on one User-agent line',
    'Write one "User-agent:" line per crawler; a comma-separated list matches one crawler at most.',
    'rfc9309',
  ),
} as const;

const ACCESS = {
  'crawler.no_pages': finding(
    'AI crawlers find no page to read',
    'Make / answer 200 with HTML and list your pages in a sitemap or in homepage links.',
    'rfc9309',
  ),
  'crawler.search_crawlers_allowed': passing('AI search crawlers may fetch the pages', 'rfc9309'),
  'crawler.user_fetchers_allowed': passing(
    'User-initiated AI fetchers may fetch the pages',
    'rfc9309',
  ),
  'crawler.bot_challenge': finding(
    'Bot protection blocks identified automated clients',
    'Let verified bots and identified agents through the firewall or bot protection (allow-list the AI crawlers and Web Bot Auth-signed clients) instead of answering a challenge.',
    'scoring',
  ),
  'crawler.edge_open': passing('The homepage answers an identified automated client', 'scoring'),
} as const;

const POLICY = {
  'crawler.ai_policy_declared': passing('robots.txt declares an explicit AI policy', 'rfc9309'),
  'crawler.no_ai_policy': finding(
    'No AI crawler named and no usage preference in robots.txt',
    'Add groups for the AI crawlers you welcome (e.g. "User-agent: OAI-SearchBot" with "Allow: /") or a Content-Signal line.',
    'rfc9309',
  ),
  'crawler.content_usage_invalid': finding(
    'Content-Usage is not an RFC 9651 dictionary',
    'Write Content-Usage with labels from the AI preferences vocabulary, e.g. "Content-Usage: train-ai=n, search=y".',
    'rfc9651',
  ),
  'crawler.content_usage_unknown_label': finding(
    'Content-Usage has labels or values readers ignore',
    'Use the vocabulary labels train-ai and search with y or n.',
    'aipref-vocab',
  ),
  'crawler.content_usage_header': passing(
    'The homepage sends a Content-Usage header',
    'aipref-attach',
  ),
  'crawler.rsl_license_not_url': finding(
    'RSL License line is not an absolute URL',
    'Write the full URL of the RSL license document after "License:".',
    'rsl',
  ),
  'crawler.usage_preference_group': finding(
    'A training-preference group in robots.txt',
    'Nothing to fix: a group named after a usage purpose states a preference and blocks no crawler.',
    'aipref-training',
  ),
  'crawler.content_signal_missing': finding(
    'No Content-Signal line in robots.txt',
    'Add a Content-Signal line to robots.txt, e.g. "Content-Signal: search=yes, ai-input=yes, ai-train=no".',
    'content-signals',
  ),
  'crawler.content_signal_invalid': finding(
    'Content-Signal in robots.txt is invalid',
    'Use the keys search, ai-input and ai-train with the values yes or no.',
    'content-signals',
  ),
  'crawler.content_signal_header_invalid': finding(
    'The Content-Signal header is invalid',
    'Use the keys search, ai-input and ai-train with the values yes or no in the header.',
    'content-signals',
  ),
  'crawler.content_signal_valid': passing(
    'Content-Signal in robots.txt is valid',
    'content-signals',
  ),
  'crawler.content_signal_header_only': finding(
    'Content-Signal sent as a header only',
    'Put the same Content-Signal line in robots.txt too, so crawlers read it before fetching any page.',
    'content-signals',
  ),
} as const;

/** Every finding id of the crawler check. */
export const CRAWLER_FINDINGS = {
  ...checkCommon('crawler'),
  ...ROBOTS_FILE,
  ...LINT,
  ...ACCESS,
  ...ANSWER_BLOCKS,
  ...TRAINING_BLOCKS,
  ...POLICY,
};
