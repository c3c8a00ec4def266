/**
 * Check 1 `crawler` (R, 16): may AI search crawlers and user-initiated AI fetchers read the
 * pages an agent would fetch, is the policy explicit, and does the edge let an identified
 * client through? Blocking training crawlers is a legitimate policy and is never penalised.
 */

import {
  SEARCH_CRAWLERS,
  TRAINING_CRAWLERS,
  USER_FETCHERS,
} from '#shared/domain/scan-engine/ai-tokens';
import { isOk, isResponse, type ScanArtifacts } from '#shared/domain/scan-engine/artifacts';
import { robotsPolicy } from '#shared/domain/scan-engine/context';
import { blockedTokenId } from '#shared/domain/scan-engine/findings/token-ids';
import { isAllowed } from '#shared/domain/scan-engine/robots';
import { lintRobots, type RobotsLintKind } from '#shared/domain/scan-engine/robots-lint';
import type { RobotsPolicy } from '#shared/domain/scan-engine/robots-policy';
import {
  atBestHalf,
  buildCheck,
  type CheckDefinition,
  fail,
  notApplicable,
  pass,
  type Signal,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import type { Check, Finding, FindingId } from '#shared/domain/scan-engine/types';
import { botsSignals, type JudgedPages, pagesToJudge } from './crawler-pages.ts';
import { contentSignalSignal, explicitPolicySignal } from './crawler-policy.ts';
import { robotsFileSignal } from './crawler-robots-file.ts';

export const CRAWLER_CHECK: CheckDefinition = {
  id: 'crawler',
  pillar: 'R',
  title: 'AI crawler access (robots.txt, Content-Signal, edge)',
};

export const CRAWLER_POINTS = {
  robotsFile: 2,
  searchCrawlers: 6,
  userFetchers: 3,
  explicitPolicy: 2,
  contentSignal: 1,
  edgeOurClient: 1,
  edgeRealCrawlers: 1,
} as const;
const POINTS = CRAWLER_POINTS;

export function evaluateCrawler(artifacts: ScanArtifacts): Check {
  const policy = robotsPolicy(artifacts);
  if (policy.kind === 'unknown') {
    // docs/scan-engine.md, "Decisions": a robots.txt our own fetch could not read leaves the check
    // unknown.
    return buildCheck(CRAWLER_CHECK, [
      unverifiable(
        'robots-file',
        POINTS.robotsFile,
        { cause: 'scanner', note: 'robots.txt' },
        {
          id: 'crawler.robots_unreadable',
          state: 'unknown',
          text: `/robots.txt could not be fetched by the scanner (${policy.answer}); crawler access is not scored in this scan.`,
        },
      ),
    ]);
  }
  const pages = pagesToJudge(artifacts);
  const signals: Signal[] = [
    robotsFileSignal(artifacts, policy),
    ...crawlerAccessSignals(artifacts, policy, pages),
    explicitPolicySignal(policy, homepageHeaders(artifacts)),
    contentSignalSignal(policy, homepageHeaders(artifacts)),
    ...edgeSignals(artifacts),
  ];
  return buildCheck(CRAWLER_CHECK, signals, policyFindings(artifacts, policy));
}

function crawlerAccessSignals(
  artifacts: ScanArtifacts,
  policy: RobotsPolicy,
  pages: JudgedPages,
): Signal[] {
  if (pages.paths.length === 0) {
    const homepage = isResponse(artifacts.homepage)
      ? `answers HTTP ${artifacts.homepage.status}`
      : 'did not answer';
    return [
      fail('search-crawlers', POINTS.searchCrawlers, {
        id: 'crawler.no_pages',
        state: 'bad',
        text: `AI crawlers find no page to read: the homepage ${homepage}, and neither a sitemap nor homepage links name other pages. Whatever robots.txt allows, there is nothing to fetch.`,
      }),
      fail('user-fetchers', POINTS.userFetchers),
    ];
  }
  return [
    ...botsSignals('search-crawlers', POINTS.searchCrawlers, {
      policy,
      pages,
      tokens: SEARCH_CRAWLERS,
      label: 'AI search crawlers',
      role: 'an AI search crawler',
      allowedId: 'crawler.search_crawlers_allowed',
    }),
    ...botsSignals('user-fetchers', POINTS.userFetchers, {
      policy,
      pages,
      tokens: USER_FETCHERS,
      label: 'User-initiated AI fetchers',
      role: 'a user-initiated AI fetcher',
      allowedId: 'crawler.user_fetchers_allowed',
    }),
  ];
}

/** Training opt-outs (policy, not penalised) and lint, only for a file crawlers could read. */
function policyFindings(artifacts: ScanArtifacts, policy: RobotsPolicy): Finding[] {
  if (policy.kind !== 'file' || policy.rules === undefined || !isResponse(artifacts.robots)) {
    return [];
  }
  const findings: Finding[] = lintRobots(artifacts.robots.text, artifacts.robots.bom === true).map(
    (issue) => ({
      id: LINT_IDS[issue.kind],
      state: 'warn',
      text: issue.text,
    }),
  );
  const rules = policy.rules;
  for (const token of TRAINING_CRAWLERS) {
    const decision = isAllowed(rules, token, '/');
    if (decision.allowed) continue;
    findings.push({
      id: blockedTokenId(token),
      state: 'info',
      text: `Training crawler ${token} is blocked${decision.rule === undefined ? '' : ` by robots.txt line ${decision.rule.line} "${decision.rule.allow ? 'Allow' : 'Disallow'}: ${decision.rule.pattern}"`}. This is a policy choice and is not penalised.`,
    });
  }
  return findings;
}

const LINT_IDS: Record<RobotsLintKind, FindingId> = {
  bom: 'crawler.robots_bom',
  'long-line': 'crawler.robots_long_line',
  'missing-colon': 'crawler.robots_missing_colon',
  'misspelled-key': 'crawler.robots_misspelled_key',
  'agent-list': 'crawler.robots_agent_list',
};

/**
 * Edge reachability: our identified request got the homepage (1 point). Whether the WAF
 * admits the real, IP-verified AI crawlers cannot be seen from outside (spoofing their UA is
 * both meaningless and impolite), so that point is half by design when ours got through.
 * A homepage that errors without a challenge is not bot protection: not applicable here (the
 * render check reports it).
 */
function edgeSignals(artifacts: ScanArtifacts): Signal[] {
  const challenge = challengeReason(artifacts);
  if (challenge !== undefined) {
    return [
      fail('edge-identified-client', POINTS.edgeOurClient, {
        id: 'crawler.bot_challenge',
        state: 'bad',
        text: `Bot protection blocks automated clients: GET / answered ${challenge}. AI fetchers get the same wall; allow verified bots and identified agents through.`,
      }),
      atBestHalf(fail('edge-ai-crawlers', POINTS.edgeRealCrawlers), REAL_CRAWLERS_NOTE),
    ];
  }
  if (!isOk(artifacts.homepage)) {
    return [
      notApplicable('edge-identified-client', POINTS.edgeOurClient),
      notApplicable('edge-ai-crawlers', POINTS.edgeRealCrawlers),
    ];
  }
  return [
    pass('edge-identified-client', POINTS.edgeOurClient, {
      id: 'crawler.edge_open',
      state: 'good',
      text: 'The homepage answers an identified automated client with 200 (no challenge).',
    }),
    unverifiable('edge-ai-crawlers', POINTS.edgeRealCrawlers, {
      cause: 'outside',
      note: REAL_CRAWLERS_NOTE,
    }),
  ];
}

function homepageHeaders(artifacts: ScanArtifacts): Record<string, string> {
  return isResponse(artifacts.homepage) ? artifacts.homepage.headers : {};
}

const REAL_CRAWLERS_NOTE = 'whether your firewall admits the real, IP-verified AI crawlers';

function challengeReason(artifacts: ScanArtifacts): string | undefined {
  const answered = artifacts.homepage;
  // A challenge or WAF page met by the scan (walls.ts) is the subject of this signal; a rate
  // limit or a 402 is not bot protection.
  if (answered.kind === 'walled') {
    return answered.wall.kind === 'challenge' || answered.wall.kind === 'waf'
      ? `${answered.wall.by} (${answered.wall.evidence})`
      : undefined;
  }
  const homepage = answered;
  if (!isResponse(homepage)) {
    return undefined;
  }
  if (homepage.headers['cf-mitigated'] === 'challenge') {
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
