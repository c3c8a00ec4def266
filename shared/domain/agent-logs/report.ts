/**
 * A domain's agent analytics over a period, from the stored day pages of its finished uploads
 * (docs/agent-logs.md "Reading it"): per agent the totals, the status classes, the paths; the
 * pages of the latest scanned sitemap that no verified agent fetched; the refusals that contradict
 * the latest scan's robots.txt; and the hits per day for the dashboard's chart.
 */
import {
  AGENTS,
  type AgentFamily,
  type AgentPurpose,
  agentByToken,
} from '#shared/domain/agents/registry';
import { isAllowed, type ParsedRobots, parseRobots } from '#shared/domain/scan-engine/robots';
import type { AgentDay, DayPage } from './aggregate.ts';
import type { SiteFacts } from './ports.ts';

export interface AgentRow {
  agent: string;
  operator: string;
  purpose: AgentPurpose;
  hits: number;
  verified_hits: number;
  spoofed_hits: number;
  unique_paths: number;
  status: { '2xx': number; '3xx': number; '4xx': number; '5xx': number };
  bytes: number;
  first_seen: string;
  last_seen: string;
  top_paths: { path: string; hits: number }[];
}

export interface Conflict {
  agent: string;
  path: string;
  status: number;
  robots: string;
}

export interface DailyHits {
  day: string;
  agent: string;
  hits: number;
  verified: number;
  spoofed: number;
}

export interface AgentReport {
  agents: AgentRow[];
  never_fetched: string[];
  conflicts: Conflict[];
  daily: DailyHits[];
}

/** Top paths listed per agent, and conflicts listed at most. */
export const TOP_PATHS = 10;
export const MAX_CONFLICTS = 200;

/** An agent's counts over the period, merged from its stored days. */
type Merged = AgentDay;

function mergedOf(byAgent: Map<string, Merged>, token: string): Merged {
  let merged = byAgent.get(token);
  if (!merged) {
    merged = {
      hits: 0,
      verified: 0,
      spoofed: 0,
      classes: [0, 0, 0, 0],
      bytes: 0,
      first: Number.POSITIVE_INFINITY,
      last: 0,
      paths: new Map(),
      blocked: new Map(),
    };
    byAgent.set(token, merged);
  }
  return merged;
}

/** Sums every page into one total per agent, and the hits per day and agent. */
export function mergePages(pages: readonly DayPage[]): {
  byAgent: Map<string, Merged>;
  daily: DailyHits[];
} {
  const byAgent = new Map<string, Merged>();
  const daily = new Map<string, DailyHits>();
  for (const page of pages) {
    for (const [token, stored] of Object.entries(page.agents)) {
      const merged = mergedOf(byAgent, token);
      merged.hits += stored.h;
      merged.verified += stored.v;
      merged.spoofed += stored.s;
      stored.c.forEach((value, index) => {
        merged.classes[index as 0 | 1 | 2 | 3] += value;
      });
      merged.bytes += stored.b;
      if (stored.f > 0 && stored.f < merged.first) merged.first = stored.f;
      if (stored.l > merged.last) merged.last = stored.l;
      for (const [path, hits, verified, last] of stored.p) {
        const known = merged.paths.get(path) ?? [0, 0, 0];
        merged.paths.set(path, [known[0] + hits, known[1] + verified, Math.max(known[2], last)]);
      }
      for (const [path, status, times] of stored.x) {
        const key = `${status} ${path}`;
        merged.blocked.set(key, (merged.blocked.get(key) ?? 0) + times);
      }
      if (stored.h > 0) addDaily(daily, page.day, token, stored);
    }
  }
  const days = [...daily.values()].sort((a, b) =>
    a.day === b.day ? a.agent.localeCompare(b.agent) : a.day < b.day ? -1 : 1,
  );
  return { byAgent, daily: days };
}

function addDaily(
  daily: Map<string, DailyHits>,
  day: string,
  agent: string,
  stored: { h: number; v: number; s: number },
): void {
  const key = `${day} ${agent}`;
  const entry = daily.get(key) ?? { day, agent, hits: 0, verified: 0, spoofed: 0 };
  entry.hits += stored.h;
  entry.verified += stored.v;
  entry.spoofed += stored.s;
  daily.set(key, entry);
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function rowOf(token: string, merged: Merged): AgentRow {
  const agent = agentByToken(token);
  const top = [...merged.paths]
    .sort(([pathA, a], [pathB, b]) => b[0] - a[0] || (pathA < pathB ? -1 : 1))
    .slice(0, TOP_PATHS)
    .map(([path, stats]) => ({ path, hits: stats[0] }));
  return {
    agent: agent?.token ?? token,
    operator: agent?.operator ?? 'unknown',
    purpose: agent?.purpose ?? 'other',
    hits: merged.hits,
    verified_hits: merged.verified,
    spoofed_hits: merged.spoofed,
    unique_paths: merged.paths.size,
    status: {
      '2xx': merged.classes[0],
      '3xx': merged.classes[1],
      '4xx': merged.classes[2],
      '5xx': merged.classes[3],
    },
    bytes: merged.bytes,
    first_seen: iso(Number.isFinite(merged.first) ? merged.first : merged.last),
    last_seen: iso(merged.last),
    top_paths: top,
  };
}

/** What robots.txt says of one agent on one path, as the conflict's `robots` text; undefined: not allowed. */
function robotsAllows(robots: ParsedRobots | 'missing', token: string, path: string) {
  if (robots === 'missing') return 'allowed: the site has no robots.txt';
  const decision = isAllowed(robots, token, path);
  if (!decision.allowed) return undefined;
  const group = decision.source === 'named-group' ? `the ${token} group` : 'the * group';
  if (decision.source === 'no-group') return `allowed: no group applies to ${token}`;
  return decision.rule
    ? `allowed by "Allow: ${decision.rule.pattern}" (line ${decision.rule.line}) in ${group}`
    : `allowed: no rule of ${group} matches ${path}`;
}

function conflictsOf(byAgent: Map<string, Merged>, facts: SiteFacts | undefined): Conflict[] {
  if (!facts || facts.robots.kind === 'unavailable') return [];
  const robots = facts.robots.kind === 'file' ? parseRobots(facts.robots.text) : 'missing';
  const conflicts: (Conflict & { times: number })[] = [];
  for (const [token, merged] of byAgent) {
    for (const [key, times] of merged.blocked) {
      const space = key.indexOf(' ');
      const path = key.slice(space + 1);
      const allowed = robotsAllows(robots, token, path);
      if (allowed !== undefined) {
        conflicts.push({
          agent: token,
          path,
          status: Number(key.slice(0, space)),
          robots: allowed,
          times,
        });
      }
    }
  }
  return conflicts
    .sort(
      (a, b) => b.times - a.times || a.agent.localeCompare(b.agent) || (a.path < b.path ? -1 : 1),
    )
    .slice(0, MAX_CONFLICTS)
    .map(({ times: _times, ...conflict }) => conflict);
}

/** The sitemap's paths no verified agent got (a 2xx or 3xx answer), in the sitemap's order. */
function neverFetched(byAgent: Map<string, Merged>, facts: SiteFacts | undefined): string[] {
  if (!facts) return [];
  const fetched = new Set<string>();
  for (const merged of byAgent.values()) {
    for (const [path, stats] of merged.paths) if (stats[1] > 0) fetched.add(path);
  }
  return facts.sitemapPaths.filter((path) => !fetched.has(path));
}

/** The analytics of the pages of a period against the latest scan's facts of the site. */
export function buildReport(pages: readonly DayPage[], facts: SiteFacts | undefined): AgentReport {
  const { byAgent, daily } = mergePages(pages);
  const agents = [...byAgent]
    .map(([token, merged]) => rowOf(token, merged))
    .sort((a, b) => b.hits - a.hits || a.agent.localeCompare(b.agent));
  return {
    agents,
    never_fetched: neverFetched(byAgent, facts),
    conflicts: conflictsOf(byAgent, facts),
    daily,
  };
}

/**
 * When each monitor family's agents last fetched each of `paths` (a fetch not spoofed): the case
 * page's "last fetched" next to the cited pages of the brand's own site. Epoch seconds.
 */
export function lastFetchByFamily(
  pages: readonly DayPage[],
  paths: ReadonlySet<string>,
): Map<string, Partial<Record<AgentFamily, number>>> {
  const families = new Map(AGENTS.map((agent) => [agent.token, agent.family]));
  const out = new Map<string, Partial<Record<AgentFamily, number>>>();
  for (const page of pages) {
    for (const [token, stored] of Object.entries(page.agents)) {
      const family = families.get(token);
      if (!family) continue;
      for (const [path, , , last] of stored.p) {
        if (last === 0 || !paths.has(path)) continue;
        const entry = out.get(path) ?? {};
        if ((entry[family] ?? 0) < last) entry[family] = last;
        out.set(path, entry);
      }
    }
  }
  return out;
}
