/**
 * When the monitor's families' agents last fetched given pages of an account's site: the case
 * page's column beside the brand's cited pages (docs/agent-logs.md "On the case page"). The
 * fetches are the account's own uploads, read like the domain's report (finished uploads only).
 */
import type { AgentFamily } from '#shared/domain/agents/registry';
import { badgeDomain } from '#shared/domain/scans/reads';
import { pathOfTarget } from './log-line.ts';
import { finishedPages, type Period } from './operations.ts';
import type { AgentLogDeps } from './ports.ts';
import { lastFetchByFamily } from './report.ts';

/** How far back the case page looks for a fetch, today included. */
export const LAST_FETCH_DAYS = 90;
/** Hosts of one list read at most (the pages of one brand sit on a handful). */
const MAX_HOSTS = 5;
const DAY_MS = 86_400_000;

/** Per family, the epoch second of the last fetch that got the page and was not spoofed. */
export type FamilyFetches = Partial<Record<AgentFamily, number>>;

function lastDays(now: Date): Period {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (LAST_FETCH_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** The pages by the domain their host is stored under (as scans key it), at most MAX_HOSTS. */
function byDomain(urls: readonly string[]): Map<string, { url: string; path: string }[]> {
  const out = new Map<string, { url: string; path: string }[]>();
  for (const url of urls) {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      continue;
    }
    const domain = badgeDomain(host);
    const path = pathOfTarget(url);
    if (!domain || !path) continue;
    const entries = out.get(domain);
    if (entries) entries.push({ url, path });
    else if (out.size < MAX_HOSTS) out.set(domain, [{ url, path }]);
  }
  return out;
}

/**
 * The last fetch per family of each page (absolute URLs), from the owner's uploads for the
 * page's host over the last LAST_FETCH_DAYS days; a host with no upload falls back to
 * `siteDomain` (the case's domain: logs are often uploaded under the bare domain while answers
 * cite a subdomain). A page no agent got is absent from the answer.
 */
export async function lastFetchesOf(
  deps: Pick<AgentLogDeps, 'store' | 'clock'>,
  ownerId: string,
  urls: readonly string[],
  siteDomain: string,
): Promise<Map<string, FamilyFetches>> {
  const period = lastDays(deps.clock.now());
  const read = new Map<string, ReturnType<typeof finishedPages>>();
  const pagesOf = (domain: string) => {
    const known = read.get(domain);
    if (known) return known;
    const pending = finishedPages(deps, ownerId, domain, period);
    read.set(domain, pending);
    return pending;
  };
  const fallback = badgeDomain(siteDomain);
  const out = new Map<string, FamilyFetches>();
  for (const [domain, entries] of byDomain(urls)) {
    let pages = await pagesOf(domain);
    if (pages.length === 0 && fallback && fallback !== domain) pages = await pagesOf(fallback);
    const fetched = lastFetchByFamily(pages, new Set(entries.map((entry) => entry.path)));
    for (const entry of entries) {
      const families = fetched.get(entry.path);
      if (families) out.set(entry.url, families);
    }
  }
  return out;
}
