/**
 * What one uploaded log adds to its domain's agent analytics (docs/agent-logs.md "What is kept"):
 * per UTC day and registry agent, the hits (verified, spoofed), the status classes, the bytes,
 * the first and last time, per path the hits, the verified fetches that got the page and the last
 * time an agent that was not spoofed got it, and the refused fetches (401, 403, 429, 5xx) an agent that was not spoofed met. No
 * address and no line is kept. The result is cut into day pages of bounded size, the same pages
 * for the same log every time, so a retried step writes exactly what the first try wrote.
 */

import { parseAddress, type RangesVerifier, type Verification } from '#shared/domain/agents/ranges';
import { type AgentDefinition, matchAgent } from '#shared/domain/agents/registry';
import { dayOf, type LogHit } from './log-line.ts';

/**
 * Per path: hits; verified fetches that got the page (status below 400); the last time (epoch
 * seconds) an agent that was not spoofed got it (0: never).
 */
export type PathStats = [hits: number, verifiedServed: number, lastServed: number];
/** A refused fetch: path, status, how many times. */
export type BlockedStats = [path: string, status: number, count: number];

/** One agent's day as stored (short names: there are many of them). */
export interface StoredAgentDay {
  /** hits, verified hits, spoofed hits */
  h: number;
  v: number;
  s: number;
  /** hits by status class: 2xx, 3xx, 4xx, 5xx */
  c: [number, number, number, number];
  /** bytes sent */
  b: number;
  /** first and last time, epoch seconds (0 on a page that only continues the paths) */
  f: number;
  l: number;
  p: [path: string, ...PathStats][];
  x: BlockedStats[];
}

/** One page of a day of one upload: a part of the agents' paths, the counters on page 0. */
export interface DayPage {
  day: string;
  page: number;
  agents: Record<string, StoredAgentDay>;
}

/** Path and refusal entries a page holds at most (a stored item stays far below 400 KB). */
export const PAGE_ENTRIES = 4000;

/**
 * One agent's counts while they are added up: a day of it while a log is read, or a period of
 * it while a report merges the stored days (`report.ts`).
 */
export interface AgentDay {
  hits: number;
  verified: number;
  spoofed: number;
  classes: [number, number, number, number];
  bytes: number;
  first: number;
  last: number;
  paths: Map<string, PathStats>;
  blocked: Map<string, number>;
}

/** A status an agent should not get where robots.txt lets it in: refused or broken. */
export function isRefusal(status: number): boolean {
  return status === 401 || status === 403 || status === 429 || status >= 500;
}

function newDay(time: number): AgentDay {
  return {
    hits: 0,
    verified: 0,
    spoofed: 0,
    classes: [0, 0, 0, 0],
    bytes: 0,
    first: time,
    last: time,
    paths: new Map(),
    blocked: new Map(),
  };
}

function count(day: AgentDay, hit: LogHit, verification: Verification): void {
  day.hits += 1;
  if (verification === 'verified') day.verified += 1;
  else if (verification === 'spoofed') day.spoofed += 1;
  const statusClass = Math.floor(hit.status / 100) - 2;
  if (statusClass >= 0 && statusClass <= 3) day.classes[statusClass as 0 | 1 | 2 | 3] += 1;
  day.bytes += hit.bytes;
  if (hit.time < day.first) day.first = hit.time;
  if (hit.time > day.last) day.last = hit.time;
  const trusted = verification !== 'spoofed';
  const served = hit.status < 400;
  let stats = day.paths.get(hit.path);
  if (!stats) {
    stats = [0, 0, 0];
    day.paths.set(hit.path, stats);
  }
  stats[0] += 1;
  if (served && verification === 'verified') stats[1] += 1;
  if (served && trusted && hit.time > stats[2]) stats[2] = hit.time;
  if (trusted && isRefusal(hit.status)) {
    const key = `${hit.status} ${hit.path}`;
    day.blocked.set(key, (day.blocked.get(key) ?? 0) + 1);
  }
}

/** Counts hits of registry agents into days; everything else is only counted as a line. */
export class AgentAggregator {
  readonly days = new Map<string, Map<string, AgentDay>>();
  readonly tokens = new Set<string>();
  private readonly dayNames = new Map<number, string>();
  private readonly verdicts = new Map<string, Verification>();

  constructor(private readonly verifier: RangesVerifier) {}

  add(hit: LogHit): void {
    const agent = matchAgent(hit.userAgent);
    if (!agent) return;
    const verification = this.verify(agent, hit.address);
    const dayNumber = Math.floor(hit.time / 86_400);
    let name = this.dayNames.get(dayNumber);
    if (name === undefined) {
      name = dayOf(hit.time);
      this.dayNames.set(dayNumber, name);
    }
    let agents = this.days.get(name);
    if (!agents) {
      agents = new Map();
      this.days.set(name, agents);
    }
    let day = agents.get(agent.token);
    if (!day) {
      day = newDay(hit.time);
      agents.set(agent.token, day);
    }
    this.tokens.add(agent.token);
    count(day, hit, verification);
  }

  private verify(agent: AgentDefinition, address: string): Verification {
    const key = `${agent.token} ${address}`;
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      verdict = this.verifier.verify(agent, parseAddress(address));
      if (this.verdicts.size > 200_000) this.verdicts.clear();
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }
}

function storedCounters(day: AgentDay): Omit<StoredAgentDay, 'p' | 'x'> {
  return {
    h: day.hits,
    v: day.verified,
    s: day.spoofed,
    c: [...day.classes],
    b: day.bytes,
    f: day.first,
    l: day.last,
  };
}

const EMPTY_COUNTERS: Omit<StoredAgentDay, 'p' | 'x'> = {
  h: 0,
  v: 0,
  s: 0,
  c: [0, 0, 0, 0],
  b: 0,
  f: 0,
  l: 0,
};

/** One day's agents as pages: counters on page 0, paths and refusals in order, sorted. */
function pagesOfDay(name: string, agents: Map<string, AgentDay>): DayPage[] {
  const pages: DayPage[] = [{ day: name, page: 0, agents: {} }];
  let room = PAGE_ENTRIES;
  const pageFor = (needed: number): DayPage => {
    if (needed > room && room < PAGE_ENTRIES) {
      pages.push({ day: name, page: pages.length, agents: {} });
      room = PAGE_ENTRIES;
    }
    return pages[pages.length - 1] as DayPage;
  };
  for (const token of [...agents.keys()].sort()) {
    const day = agents.get(token) as AgentDay;
    (pages[0] as DayPage).agents[token] = { ...storedCounters(day), p: [], x: [] };
    const entries: ([string, ...PathStats] | BlockedStats)[] = [
      ...[...day.paths]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([path, stats]) => [path, ...stats] as [string, ...PathStats]),
      ...[...day.blocked]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, times]): BlockedStats => {
          const space = key.indexOf(' ');
          return [key.slice(space + 1), Number(key.slice(0, space)), times];
        }),
    ];
    for (const entry of entries) {
      const page = pageFor(1);
      room -= 1;
      page.agents[token] ??= { ...EMPTY_COUNTERS, c: [0, 0, 0, 0], p: [], x: [] };
      const stored = page.agents[token] as StoredAgentDay;
      if (entry.length === 4) stored.p.push(entry);
      else stored.x.push(entry);
    }
  }
  return pages;
}

/** Every day of the aggregate as pages, days in order. */
export function toDayPages(aggregator: AgentAggregator): DayPage[] {
  return [...aggregator.days.keys()]
    .sort()
    .flatMap((name) => pagesOfDay(name, aggregator.days.get(name) as Map<string, AgentDay>));
}
