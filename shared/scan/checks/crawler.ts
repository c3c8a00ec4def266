/**
 * Check 1 `crawler` (R, 16): may AI search crawlers and user-initiated AI fetchers read the
 * site, is the policy explicit, and does the edge let an identified client through?
 * Blocking training crawlers is a legitimate policy and is never penalised.
 */
import { contentTypeOf, describeFailure, isResponse, type ScanArtifacts } from '../artifacts.ts';
import { robotsRulesOf } from '../context.ts';
import { looksLikeHtml } from '../html.ts';
import {
  allContentSignals,
  allContentUsages,
  contentSignalProblems,
  isAllowed,
  namesAnyToken,
  type ParsedRobots,
} from '../robots.ts';
import {
  buildCheck,
  type CheckDefinition,
  fail,
  partial,
  pass,
  type Signal,
  unverifiable,
} from '../scoring.ts';
import type { Check, Finding } from '../types.ts';

export const CRAWLER_CHECK: CheckDefinition = {
  id: 'crawler',
  pillar: 'R',
  title: 'AI crawler access (robots.txt, Content-Signal, edge)',
};

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
const ALL_AI_TOKENS = [...SEARCH_CRAWLERS, ...USER_FETCHERS, ...TRAINING_CRAWLERS];

const POINTS = {
  robotsFile: 2,
  searchCrawlers: 6,
  userFetchers: 3,
  explicitPolicy: 2,
  contentSignal: 1,
  edgeOurClient: 1,
  edgeRealCrawlers: 1,
} as const;

export function evaluateCrawler(artifacts: ScanArtifacts): Check {
  const robots = artifacts.robots;
  const rules = robotsRulesOf(artifacts);
  const signals: Signal[] = [];
  const extra: Finding[] = [];

  signals.push(robotsFileSignal(artifacts));

  if (rules === undefined) {
    const why = `robots.txt could not be fetched (${describeFailure(robots)})`;
    for (const [key, points] of [
      ['search-crawlers', POINTS.searchCrawlers],
      ['user-fetchers', POINTS.userFetchers],
      ['explicit-policy', POINTS.explicitPolicy],
      ['content-signal', POINTS.contentSignal],
    ] as const) {
      signals.push(
        unverifiable(key, points, 'scanner', {
          state: 'unknown',
          text: `${key}: not evaluated, ${why}; counted as half.`,
        }),
      );
    }
  } else {
    signals.push(
      botsSignal(
        'search-crawlers',
        POINTS.searchCrawlers,
        rules,
        SEARCH_CRAWLERS,
        'AI search crawlers',
      ),
    );
    signals.push(
      botsSignal(
        'user-fetchers',
        POINTS.userFetchers,
        rules,
        USER_FETCHERS,
        'user-initiated AI fetchers',
      ),
    );
    signals.push(explicitPolicySignal(rules));
    signals.push(contentSignalSignal(rules));
    const training = trainingPolicyFinding(rules);
    if (training !== undefined) {
      extra.push(training);
    }
  }

  signals.push(...edgeSignals(artifacts));
  return buildCheck(CRAWLER_CHECK, signals, extra);
}

function robotsFileSignal(artifacts: ScanArtifacts): Signal {
  const robots = artifacts.robots;
  const key = 'robots-file';
  if (!isResponse(robots)) {
    return unverifiable(key, POINTS.robotsFile, 'scanner', {
      state: 'unknown',
      text: `/robots.txt could not be fetched (${describeFailure(robots)}); the crawler rules are unknown, not failed.`,
    });
  }
  const redirected =
    robots.redirectCount > 0 && new URL(robots.finalUrl).host !== new URL(robots.url).host
      ? ` (redirected to ${robots.finalUrl}; the rules still apply to ${new URL(robots.url).host})`
      : '';
  if (robots.status >= 500 || robots.status === 429) {
    return fail(key, POINTS.robotsFile, {
      state: 'bad',
      text: `/robots.txt answers HTTP ${robots.status}. RFC 9309 tells crawlers to treat this as "disallow everything", so compliant AI crawlers stay away. Serve robots.txt with 200 (or 404 if you want no rules).`,
    });
  }
  if (robots.status >= 400) {
    return partial(key, POINTS.robotsFile, 0.5, {
      state: 'warn',
      text: `/robots.txt answers HTTP ${robots.status}: crawlers may fetch everything (RFC 9309 §2.3.1.3), but no policy is declared. Publish a robots.txt that names the AI crawlers you welcome.`,
    });
  }
  if (robots.status >= 200 && robots.status < 300) {
    if (looksLikeHtml(robots.text)) {
      return fail(key, POINTS.robotsFile, {
        state: 'bad',
        text: '/robots.txt returns an HTML page with 200 (a catch-all or soft-404), so crawlers find no rules. Serve a real text/plain robots.txt.',
      });
    }
    const type = contentTypeOf(robots);
    if (type !== '' && type !== 'text/plain') {
      return partial(key, POINTS.robotsFile, 0.5, {
        state: 'warn',
        text: `/robots.txt is served as ${type}; RFC 9309 expects text/plain. Fix the Content-Type.${redirected}`,
      });
    }
    const truncated = robots.truncated
      ? ' Only the first 512 KiB were read (RFC 9309 parsing limit); keep the file smaller.'
      : '';
    return pass(key, POINTS.robotsFile, {
      state: robots.truncated ? 'warn' : 'good',
      text: `/robots.txt is served as text/plain with 200.${redirected}${truncated}`,
    });
  }
  return fail(key, POINTS.robotsFile, {
    state: 'bad',
    text: `/robots.txt answers HTTP ${robots.status}; serve it with 200 and text/plain.`,
  });
}

function botsSignal(
  key: string,
  points: number,
  rules: ParsedRobots,
  tokens: readonly string[],
  label: string,
): Signal {
  const verdicts = tokens.map((token) => ({ token, decision: isAllowed(rules, token, '/') }));
  const allowed = verdicts.filter((verdict) => verdict.decision.allowed);
  const blocked = verdicts.filter((verdict) => !verdict.decision.allowed);
  const findings: Finding[] = [];
  const describe = (list: typeof verdicts) =>
    list
      .map(({ token, decision }) => {
        const from =
          decision.source === 'named-group'
            ? 'its own group'
            : decision.source === 'wildcard-group'
              ? 'the * group'
              : 'no matching group';
        const line = decision.rule
          ? `, line ${decision.rule.line} "${decision.rule.allow ? 'Allow' : 'Disallow'}: ${decision.rule.pattern}"`
          : '';
        return `${token} (${from}${line})`;
      })
      .join(', ');
  if (allowed.length > 0) {
    findings.push({ state: 'good', text: `${label} allowed to fetch /: ${describe(allowed)}.` });
  }
  if (blocked.length > 0) {
    findings.push({
      state: 'bad',
      text: `${label} blocked from /: ${describe(blocked)}. These bots put pages into AI answers; allow them unless you mean to be absent.`,
    });
  }
  return partial(key, points, allowed.length / tokens.length, ...findings);
}

function explicitPolicySignal(rules: ParsedRobots): Signal {
  const named = namesAnyToken(rules, ALL_AI_TOKENS);
  const hasSignals = allContentSignals(rules).length > 0 || allContentUsages(rules).length > 0;
  if (named.length > 0 || hasSignals) {
    const parts = [
      named.length > 0 ? `named AI groups (${named.join(', ')})` : '',
      hasSignals ? 'Content-Signal/Content-Usage preferences' : '',
    ].filter(Boolean);
    return pass('explicit-policy', POINTS.explicitPolicy, {
      state: 'good',
      text: `robots.txt declares an explicit AI policy: ${parts.join(' and ')}.`,
    });
  }
  return fail('explicit-policy', POINTS.explicitPolicy, {
    state: 'warn',
    text: 'No AI crawler is named in robots.txt and no Content-Signal line is present; AI bots only inherit the * rules. Add groups for the AI crawlers (e.g. OAI-SearchBot, Claude-SearchBot) or a Content-Signal line.',
  });
}

function contentSignalSignal(rules: ParsedRobots): Signal {
  const records = allContentSignals(rules);
  if (records.length === 0) {
    return fail('content-signal', POINTS.contentSignal, {
      state: 'warn',
      text: 'No Content-Signal line in robots.txt. Add one (e.g. "Content-Signal: search=yes, ai-input=yes, ai-train=no") to state how AI may use your content.',
    });
  }
  const problems = records.flatMap((record) =>
    contentSignalProblems(record.value).map((problem) => `line ${record.line}: ${problem}`),
  );
  if (problems.length > 0) {
    return fail('content-signal', POINTS.contentSignal, {
      state: 'bad',
      text: `Content-Signal is invalid (${problems.join('; ')}). Use keys search, ai-input, ai-train with values yes or no.`,
    });
  }
  return pass('content-signal', POINTS.contentSignal, {
    state: 'good',
    text: `Content-Signal is valid: ${records.map((record) => record.value).join(' | ')}.`,
  });
}

function trainingPolicyFinding(rules: ParsedRobots): Finding | undefined {
  const blocked = TRAINING_CRAWLERS.filter((token) => !isAllowed(rules, token, '/').allowed);
  if (blocked.length === 0) {
    return undefined;
  }
  return {
    state: 'info',
    text: `Training crawlers blocked: ${blocked.join(', ')}. This is a policy choice and is not penalised.`,
  };
}

/**
 * Edge reachability: our identified request got the homepage (1 point). Whether the WAF
 * admits the real, IP-verified AI crawlers cannot be seen from outside (spoofing their UA is
 * both meaningless and impolite), so that point is half by design when ours got through.
 */
function edgeSignals(artifacts: ScanArtifacts): Signal[] {
  const homepage = artifacts.homepage;
  const challenge = challengeReason(artifacts);
  if (challenge !== undefined) {
    return [
      fail('edge-identified-client', POINTS.edgeOurClient, {
        state: 'bad',
        text: `Bot protection blocks automated clients: GET / answered ${challenge}. AI fetchers get the same wall; allow verified bots and identified agents through.`,
      }),
      fail('edge-ai-crawlers', POINTS.edgeRealCrawlers),
    ];
  }
  if (homepage.status >= 200 && homepage.status < 300) {
    return [
      pass('edge-identified-client', POINTS.edgeOurClient, {
        state: 'good',
        text: 'The homepage answers an identified automated client with 200 (no challenge).',
      }),
      unverifiable('edge-ai-crawlers', POINTS.edgeRealCrawlers, 'outside', {
        state: 'unknown',
        text: 'Whether your firewall admits the real, IP-verified AI crawlers cannot be verified from outside (counted as half).',
      }),
    ];
  }
  return [
    fail('edge-identified-client', POINTS.edgeOurClient, {
      state: 'bad',
      text: `GET / answered HTTP ${homepage.status} to an identified automated client. Agents cannot read a page that errors.`,
    }),
    unverifiable('edge-ai-crawlers', POINTS.edgeRealCrawlers, 'outside', {
      state: 'unknown',
      text: 'Whether your firewall admits the real AI crawlers cannot be verified from outside (counted as half).',
    }),
  ];
}

function challengeReason(artifacts: ScanArtifacts): string | undefined {
  const homepage = artifacts.homepage;
  const headers = homepage.headers;
  if (headers['cf-mitigated'] === 'challenge') {
    return `HTTP ${homepage.status} with a Cloudflare challenge (cf-mitigated: challenge)`;
  }
  if (homepage.status === 403 || homepage.status === 503 || homepage.status === 429) {
    const head = homepage.text.slice(0, 20_000).toLowerCase();
    if (
      /captcha|challenge-platform|just a moment|attention required|access denied|bot detection|are you a robot/.test(
        head,
      )
    ) {
      return `HTTP ${homepage.status} with a bot challenge page`;
    }
    if (homepage.status === 403) {
      return 'HTTP 403 Forbidden';
    }
  }
  return undefined;
}
