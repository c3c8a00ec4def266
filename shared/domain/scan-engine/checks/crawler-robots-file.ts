/**
 * The robots.txt file signal of the crawler check, with one finding per cause that says what
 * crawlers do with the answer and what to change. When the file could not be read, this is
 * the only finding: the access and policy signals lose their points to it.
 */
import {
  contentTypeOf,
  describeCatchAll,
  type FetchedResponse,
  isResponse,
  type ScanArtifacts,
} from '#shared/domain/scan-engine/artifacts';
import type { RobotsPolicy } from '#shared/domain/scan-engine/robots-policy';
import { fail, partial, pass, type Signal } from '#shared/domain/scan-engine/scoring';
import type { FindingId } from '#shared/domain/scan-engine/types';

const POINTS = 2;
const KEY = 'robots-file';

export function robotsFileSignal(artifacts: ScanArtifacts, policy: RobotsPolicy): Signal {
  const robots = artifacts.robots;
  switch (policy.cause) {
    case 'file':
      return fileSignal(robots as FetchedResponse);
    case 'client-error':
      return partial(KEY, POINTS, 0.5, {
        id: 'crawler.robots_missing',
        state: 'warn',
        text: `/robots.txt answers ${policy.answer}: crawlers may fetch everything (RFC 9309 §2.3.1.3), but you declare no policy. Publish a robots.txt that names the AI crawlers you welcome and states a Content-Signal.`,
      });
    case 'catch-all':
      return fail(KEY, POINTS, {
        id: 'crawler.robots_catch_all',
        state: 'bad',
        text: `/robots.txt answers 200 with ${isResponse(robots) && robots.catchAll ? describeCatchAll(robots.catchAll) : 'the catch-all page'}, so crawlers find no rules and may fetch everything. Serve a real text/plain robots.txt, and answer 404 for paths that do not exist.`,
      });
    case 'html':
      return fail(KEY, POINTS, {
        id: 'crawler.robots_html',
        state: 'bad',
        text: '/robots.txt answers 200 with an HTML page, so crawlers find no rules and may fetch everything. Serve a real text/plain robots.txt.',
      });
    case 'redirect-loop':
      return fail(KEY, POINTS, {
        id: 'crawler.robots_redirect_loop',
        state: 'bad',
        text: '/robots.txt redirects in a loop (more than 5 redirects). RFC 9309 §2.3.1.2 lets crawlers give up and treat the file as unavailable: they may fetch everything and never see your rules. Fix the redirect so /robots.txt answers 200 with text/plain.',
      });
    case 'unfollowed-redirect':
      return fail(KEY, POINTS, {
        id: 'crawler.robots_bad_redirect',
        state: 'bad',
        text: `/robots.txt answers ${policy.answer} without a usable Location; crawlers treat it as unavailable. Serve it with 200 and text/plain.`,
      });
    default:
      return fail(KEY, POINTS, { state: 'bad', ...unreachable(policy) });
  }
}

/** 5xx, 429 and no answer: crawlers assume "disallow everything". */
function unreachable(policy: RobotsPolicy): { id: FindingId; text: string } {
  const consequence =
    'so AI search crawlers and AI fetchers stay away from the whole site, whatever the file says';
  if (policy.cause === 'rate-limited') {
    return {
      id: 'crawler.robots_rate_limited',
      text: `/robots.txt answers HTTP 429 (rate limited). Google treats 429 like a server error and assumes "disallow everything" (Google's documented convention; RFC 9309 §2.3.1.4 speaks of 5xx only), and other crawlers may do the same, ${consequence}. Do not rate-limit /robots.txt.`,
    };
  }
  if (policy.cause === 'slow') {
    return {
      id: 'crawler.robots_slow',
      text: `/robots.txt ${policy.answer}. Crawlers treat an unreachable robots.txt as "disallow everything" (RFC 9309 §2.3.1.4), ${consequence}. Serve this small file fast.`,
    };
  }
  return {
    id: 'crawler.robots_server_error',
    text: `/robots.txt answers ${policy.answer}. Crawlers treat a server error as "disallow everything" (RFC 9309 §2.3.1.4), ${consequence}. Serve robots.txt with 200 (or 404 if you want no rules).`,
  };
}

function fileSignal(robots: FetchedResponse): Signal {
  const redirected =
    robots.redirectCount > 0 && new URL(robots.finalUrl).host !== new URL(robots.url).host
      ? ` (redirected to ${robots.finalUrl}; the rules still apply to ${new URL(robots.url).host})`
      : '';
  const type = contentTypeOf(robots);
  if (type !== '' && type !== 'text/plain') {
    return partial(KEY, POINTS, 0.5, {
      id: 'crawler.robots_wrong_type',
      state: 'warn',
      text: `/robots.txt is served as ${type}; RFC 9309 expects text/plain. Fix the Content-Type.${redirected}`,
    });
  }
  if (robots.truncated) {
    return pass(KEY, POINTS, {
      id: 'crawler.robots_too_large',
      state: 'warn',
      text: `/robots.txt is larger than 512 KiB; only the first 512 KiB were read (the RFC 9309 parsing limit). Keep the file smaller.${redirected}`,
    });
  }
  return pass(KEY, POINTS, {
    id: 'crawler.robots_ok',
    state: 'good',
    text: `/robots.txt is served as text/plain with 200.${redirected}`,
  });
}
