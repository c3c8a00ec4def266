/**
 * The crawler verdict on the pages an agent would fetch: the homepage's final URL (after
 * redirects, so "/" that lands on "/en/" is judged as "/en/") and a sample of the site's own
 * pages, evaluated per AI token with RFC 9309 group selection and longest match.
 */

import type { AiToken } from '#shared/domain/scan-engine/ai-tokens';
import { isOk, type ScanArtifacts, shortUrl } from '#shared/domain/scan-engine/artifacts';
import { blockedTokenId } from '#shared/domain/scan-engine/findings/token-ids';
import {
  isAllowed,
  type ParsedRobots,
  type RobotsDecision,
} from '#shared/domain/scan-engine/robots';
import type { RobotsPolicy } from '#shared/domain/scan-engine/robots-policy';
import { partial, type Signal } from '#shared/domain/scan-engine/scoring';
import type { Finding } from '#shared/domain/scan-engine/types';

export interface JudgedPages {
  /** Paths with query ("/en/", "/docs?x=1"); the homepage's final path first when it answered. */
  paths: string[];
  /** The homepage's final path, when the homepage answered 2xx. */
  homepage: string | undefined;
}

export function pagesToJudge(artifacts: ScanArtifacts): JudgedPages {
  const homepage = isOk(artifacts.homepage) ? pathOf(artifacts.homepage.finalUrl) : undefined;
  const sampled = artifacts.pageSample.urls
    .filter((url) => url.startsWith(`${artifacts.origin}/`))
    .map((url) => shortUrl(url, artifacts.origin));
  const paths = [...new Set([...(homepage === undefined ? [] : [homepage]), ...sampled])];
  return { paths, homepage };
}

interface TokenVerdict {
  token: AiToken;
  blocked: Array<{ path: string; decision: RobotsDecision }>;
  allowedShare: number;
  source: RobotsDecision['source'];
}

/**
 * One bot family (search crawlers, user fetchers): one signal per token, each worth an equal
 * share of the family's points and earning the share of judged pages the token may fetch (the
 * family's score is their mean). A blocked token has a finding of its own, with its own id
 * (`crawler.oai_searchbot_blocked`) and the points its unblocking gains; the tokens that may
 * fetch everything share one good finding.
 */
export function botsSignals(
  key: string,
  points: number,
  input: {
    policy: RobotsPolicy;
    pages: JudgedPages;
    tokens: readonly AiToken[];
    /** The family, plural ("AI search crawlers"). */
    label: string;
    /** One of the family, with its article ("an AI search crawler"). */
    role: string;
    allowedId: 'crawler.search_crawlers_allowed' | 'crawler.user_fetchers_allowed';
  },
): Signal[] {
  if (input.policy.kind === 'unreachable') {
    return [partial(key, points, 0)]; // the robots.txt finding names the cause
  }
  const rules = input.policy.rules as ParsedRobots;
  const verdicts = input.tokens.map((token) => verdictFor(rules, token, input.pages.paths));
  const open = verdicts.filter((verdict) => verdict.blocked.length === 0);
  const allowed: Finding[] =
    open.length > 0
      ? [
          {
            id: input.allowedId,
            state: 'good',
            text: `${input.label} may fetch ${pagesPhrase(input.pages)}: ${open.map(describeToken).join(', ')}.`,
          },
        ]
      : [];
  const share = points / verdicts.length;
  return verdicts.map((verdict, index) =>
    partial(
      `${key}:${verdict.token}`,
      share,
      verdict.allowedShare,
      ...(index === 0 ? allowed : []),
      ...(verdict.blocked.length > 0 ? [blockedFinding(verdict, input.role, input.pages)] : []),
    ),
  );
}

function verdictFor(rules: ParsedRobots, token: AiToken, paths: readonly string[]): TokenVerdict {
  const decisions = paths.map((path) => ({ path, decision: isAllowed(rules, token, path) }));
  const blocked = decisions.filter((entry) => !entry.decision.allowed);
  return {
    token,
    blocked,
    allowedShare: paths.length === 0 ? 0 : (paths.length - blocked.length) / paths.length,
    source: decisions[0]?.decision.source ?? 'no-group',
  };
}

function blockedFinding(verdict: TokenVerdict, role: string, pages: JudgedPages): Finding {
  const paths = listPaths(verdict.blocked.map((b) => b.path));
  const where =
    verdict.blocked.length === pages.paths.length
      ? `every page we judged (${paths})`
      : `${verdict.blocked.length} of ${pages.paths.length} pages (${paths})`;
  const rules = [...new Set(verdict.blocked.map(({ decision }) => ruleText(decision)))];
  return {
    id: blockedTokenId(verdict.token),
    state: 'bad',
    text: `${verdict.token}, ${role}, is blocked from ${where} by ${rules.join(', ')} in ${sourceText(verdict.source)}. These bots put pages into AI answers; allow it unless you mean to be absent.`,
  };
}

function pagesPhrase(pages: JudgedPages): string {
  const others = pages.paths.length - (pages.homepage === undefined ? 0 : 1);
  const home = pages.homepage === undefined ? '' : `the homepage (${pages.homepage})`;
  const sample = others > 0 ? `${others} sampled page${others === 1 ? '' : 's'}` : '';
  return [home, sample].filter(Boolean).join(' and ');
}

function describeToken(verdict: TokenVerdict): string {
  return `${verdict.token} (${sourceText(verdict.source)})`;
}

function sourceText(source: RobotsDecision['source']): string {
  return source === 'named-group'
    ? 'its own group'
    : source === 'wildcard-group'
      ? 'the * group'
      : 'no matching group';
}

function ruleText(decision: RobotsDecision): string {
  const rule = decision.rule;
  return rule === undefined
    ? 'no rule'
    : `line ${rule.line} "${rule.allow ? 'Allow' : 'Disallow'}: ${rule.pattern}"`;
}

function listPaths(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
