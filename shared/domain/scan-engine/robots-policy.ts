/**
 * What a crawler does with the robots.txt answer it got (RFC 9309 §2.3.1), as one value the
 * checks and the collector share:
 *
 *   file         2xx text: the file's own rules
 *   unavailable  4xx, a catch-all or HTML page, a redirect loop: crawlers may fetch anything
 *   unreachable  5xx, 429 (Google's convention), no answer in time: crawlers fetch nothing
 *   unknown      our own fetch failed (DNS, connection, deadline): we cannot tell
 */
import { contentTypeOf, type Fetched, seconds } from './artifacts.ts';
import { looksLikeHtml } from './html.ts';
import { type ParsedRobots, parseRobots } from './robots.ts';

export type RobotsPolicyKind = 'file' | 'unavailable' | 'unreachable' | 'unknown';

export type RobotsCause =
  | 'file'
  | 'client-error'
  | 'catch-all'
  | 'html'
  | 'redirect-loop'
  | 'unfollowed-redirect'
  | 'server-error'
  | 'rate-limited'
  | 'slow'
  | 'scanner';

export interface RobotsPolicy {
  kind: RobotsPolicyKind;
  cause: RobotsCause;
  /** The rules crawlers apply; undefined only when `kind` is `unknown`. */
  rules: ParsedRobots | undefined;
  /** The answer in a few words ("HTTP 503", "did not answer within 6 s"), for findings. */
  answer: string;
}

const ALLOW_ALL = parseRobots('');
const DISALLOW_ALL = parseRobots('User-agent: *\nDisallow: /\n');

export function robotsPolicyOf(robots: Fetched): RobotsPolicy {
  switch (robots.kind) {
    case 'response':
      return responsePolicy(robots);
    case 'timeout':
      return {
        kind: 'unreachable',
        cause: 'slow',
        rules: DISALLOW_ALL,
        answer: `did not answer within ${seconds(robots.budgetMs)}`,
      };
    case 'redirect-loop':
      return {
        kind: 'unavailable',
        cause: 'redirect-loop',
        rules: ALLOW_ALL,
        answer: 'more than 5 redirects',
      };
    default:
      return { kind: 'unknown', cause: 'scanner', rules: undefined, answer: robots.message };
  }
}

function responsePolicy(robots: Extract<Fetched, { kind: 'response' }>): RobotsPolicy {
  const answer = `HTTP ${robots.status}`;
  if (robots.status === 429) {
    return { kind: 'unreachable', cause: 'rate-limited', rules: DISALLOW_ALL, answer };
  }
  if (robots.status >= 500) {
    return { kind: 'unreachable', cause: 'server-error', rules: DISALLOW_ALL, answer };
  }
  if (robots.status >= 400) {
    return { kind: 'unavailable', cause: 'client-error', rules: ALLOW_ALL, answer };
  }
  if (robots.status >= 300) {
    return { kind: 'unavailable', cause: 'unfollowed-redirect', rules: ALLOW_ALL, answer };
  }
  if (robots.catchAll !== undefined) {
    return { kind: 'unavailable', cause: 'catch-all', rules: ALLOW_ALL, answer };
  }
  if (looksLikeHtml(robots.text) || contentTypeOf(robots) === 'text/html') {
    return { kind: 'unavailable', cause: 'html', rules: ALLOW_ALL, answer };
  }
  return { kind: 'file', cause: 'file', rules: parseRobots(robots.text), answer };
}
