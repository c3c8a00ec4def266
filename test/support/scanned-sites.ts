/**
 * Fixture sites scanned once as a user scans them (POST /api/v1/scans through a fresh local
 * stack, sites on loopback), and their checks' findings read back as "state: text" lines, for
 * the tests that judge each signal in its current, legacy and malformed form.
 */
import { expect } from 'vitest';
import { type FixtureSiteName, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack } from '#test/support/stack';

export interface ScannedFinding {
  state: string;
  text: string;
  standard?: { name: string; revision: string };
}
export interface ScannedCheck {
  id: string;
  state: string;
  score: number;
  max: number;
  findings: ScannedFinding[];
}
export interface ScannedScan {
  score: number;
  scoring_version: number;
  checks: ScannedCheck[];
}
type RunningSite = Awaited<ReturnType<typeof startFixtureSite>>;

/** The scans of the named sites, the sites themselves (what they were asked), and closing. */
export interface ScannedSites<Name extends FixtureSiteName> {
  scan(name: Name): ScannedScan;
  site(name: Name): RunningSite;
  check(name: Name, id: string): ScannedCheck;
  /** "state: text" lines of a check's findings, for readable failures. */
  lines(name: Name, id: string): string[];
  /** The first of those lines that matches. */
  line(name: Name, id: string, pattern: RegExp): string | undefined;
  close(): Promise<void>;
}

/** Starts the sites and a stack, and scans each site once with a key of the stack. */
export async function scanFixtureSites<Name extends FixtureSiteName>(
  names: readonly Name[],
): Promise<ScannedSites<Name>> {
  const stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  const started = await Promise.all(names.map((name) => startFixtureSite(name)));
  const sites = new Map(names.map((name, index) => [name, started[index] as RunningSite]));
  const close = async () => {
    await Promise.all(started.map((site) => site.close()));
    await stack.close();
  };
  const scans = new Map<Name, ScannedScan>();
  try {
    const key = await stack.createKey(['scans:read', 'scans:write']);
    for (const [name, site] of sites) {
      const response = await callJson(stack.baseUrl, '/api/v1/scans', {
        method: 'POST',
        key,
        body: { domain: `http://${site.host}` },
      });
      expect(response.status, JSON.stringify(response.body.error)).toBe(201);
      scans.set(name, response.body.scan as ScannedScan);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const of = <T>(map: Map<Name, T>, name: Name): T => {
    const found = map.get(name);
    if (!found) throw new Error(`${name} was not scanned here`);
    return found;
  };
  const check = (name: Name, id: string): ScannedCheck => {
    const found = of(scans, name).checks.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no ${id} check for ${name}`);
    return found;
  };
  const lines = (name: Name, id: string) =>
    check(name, id).findings.map((finding) => `${finding.state}: ${finding.text}`);
  return {
    scan: (name) => of(scans, name),
    site: (name) => of(sites, name),
    check,
    lines,
    line: (name, id, pattern) => lines(name, id).find((text) => pattern.test(text)),
    close,
  };
}
