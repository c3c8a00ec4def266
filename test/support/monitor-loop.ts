/**
 * The stage of test/integration/monitor-loop.test.ts: six cases, each standing for one story of
 * issue 29 (the engine swapped, competitors gaining share, the brand's site fixed, the brand named
 * more for no visible reason, a fix followed by fewer citations, a fix followed by nothing), the
 * brands' sites as switchable loopback sites, a webhook receiver for the events, and helpers to
 * run every case of a phase side by side and read runs, summaries and fixes.
 */
import { expect } from 'vitest';
import type { SimulatorScenario } from '#local/simulator/scenario';
import { startMonitorTestStack } from './monitor-stack.ts';
import { callJson, type JsonResponse, type TestStack } from './stack.ts';
import { type SwitchableSite, startSwitchableSite } from './switchable-site.ts';

// Every story has its own category, competitors and use case, so no two cases share a prompt:
// the simulator numbers identical requests, and shared prompts would make the phases' answers
// depend on the order the cases asked them in.
export const STORIES = {
  engine: {
    name: 'Enginewatch Co',
    category: 'payroll software',
    site: true,
    competitors: ['Payfast Ltd', 'Wagewise Ltd'],
    useCase: 'payroll runs',
  },
  competitors: {
    name: 'Rivalwatch Co',
    category: 'e-mail marketing software',
    site: false,
    competitors: ['Cobalt Labs', 'Quartz Metrics'],
    useCase: 'newsletter campaigns',
  },
  site: {
    name: 'Sitefix Co',
    category: 'expense management software',
    site: true,
    competitors: ['Receiptly Ltd', 'Spendwell Ltd'],
    useCase: 'receipt capture',
  },
  buzz: {
    name: 'Buzzword Co',
    category: 'survey software',
    site: false,
    competitors: ['Pollster Ltd', 'Askwise Ltd'],
    useCase: 'customer polls',
  },
  slipping: {
    name: 'Slipping Co',
    category: 'invoicing software',
    site: true,
    competitors: ['Billbright Ltd', 'Duenow Ltd'],
    useCase: 'invoice reminders',
  },
  steady: {
    name: 'Steady Co',
    category: 'time tracking software',
    site: true,
    competitors: ['Clockwise Ltd', 'Hourglass Ltd'],
    useCase: 'timesheets',
  },
} as const;

export type Story = keyof typeof STORIES;

export interface LoopStage {
  stack: TestStack;
  openapi: Record<string, unknown>;
  owner: string;
  reader: string;
  other: string;
  admin: string;
  /** The owner's key for scans and webhooks. */
  tools: string;
  cases: Record<Story, string>;
  sites: Partial<Record<Story, SwitchableSite>>;
}

const hostOf = (story: Story) => `${story}.localhost`;
const portOf = (site: SwitchableSite) => site.host.split(':')[1] ?? '';

export async function startLoopStage(
  ownerEmail: string,
  env: Record<string, string> = {},
): Promise<LoopStage> {
  const sites: LoopStage['sites'] = {};
  for (const story of Object.keys(STORIES) as Story[]) {
    if (STORIES[story].site) sites[story] = await startSwitchableSite('poor');
  }
  const origins = Object.entries(sites)
    .map(
      ([story, site]) =>
        `${hostOf(story as Story)}=http://${hostOf(story as Story)}:${portOf(site)}`,
    )
    .join(',');
  const started = await startMonitorTestStack({
    seed: 'monitor-loop',
    ownerEmail,
    adminEmail: 'ops-loop@example.com',
    env: {
      MONITOR_PROMPTS_PER_BLOCK: '4',
      MONITOR_REPEATS: '2',
      MONITOR_CITED_SCANS: '1',
      ALLOW_PRIVATE_TARGETS: '1',
      SCAN_DEADLINE_MS: '10000',
      SIMULATOR_SITE_ORIGINS: origins,
      SIMULATOR_CITATION_RATE: '0.1',
      // Rivalwatch Co's competitors start rare, so their gain moves its share well beyond noise.
      SIMULATOR_COMPETITORS: 'Cobalt Labs=cobalt.example@0.15,Quartz Metrics=quartz.example@0.15',
      ...env,
    },
  });
  const tools = await started.stack.createKey(['scans:read', 'scans:write', 'webhooks:manage'], {
    email: ownerEmail,
  });
  const cases = {} as Record<Story, string>;
  for (const story of Object.keys(STORIES) as Story[]) {
    cases[story] = await createCase(started.stack, started.owner, story);
  }
  return { ...started, tools, cases, sites };
}

async function createCase(stack: TestStack, key: string, story: Story): Promise<string> {
  const about = STORIES[story];
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: {
      name: about.name,
      domain: hostOf(story),
      category: about.category,
      competitors:
        'competitors' in about ? about.competitors : ['Globex Insights', 'Initech Metrics'],
      use_cases: ['monthly reporting'],
      fact_sheet: { founded: '2018' },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body.case as { id: string }).id;
}

/** Runs the stories' cases side by side in a scenario; their run ids, once all are done. */
export async function runPhase(
  stage: LoopStage,
  scenario: SimulatorScenario | null,
  stories: readonly Story[],
): Promise<Record<string, string>> {
  stage.stack.setSimulatorScenario(scenario);
  const ids = await Promise.all(
    stories.map(async (story) => {
      const started = await callJson(
        stage.stack.baseUrl,
        `/api/v1/cases/${stage.cases[story]}/runs`,
        {
          method: 'POST',
          key: stage.owner,
        },
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return (started.body.run as { id: string }).id;
    }),
  );
  const ends = await Promise.all(ids.map((id) => stage.stack.workflows.waitFor(`monitor-${id}`)));
  expect(ends.map((end) => end.status)).toEqual(ids.map(() => 'SUCCEEDED'));
  return Object.fromEntries(stories.map((story, index) => [story, ids[index] as string]));
}

/** Scans a story's site with the owner's key, as it is now. */
export async function scanSite(stage: LoopStage, story: Story): Promise<string> {
  const site = stage.sites[story];
  if (!site) throw new Error(`${story} has no site`);
  const scanned = await callJson(stage.stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key: stage.tools,
    body: { domain: `${hostOf(story)}:${portOf(site)}` },
  });
  expect(scanned.status, JSON.stringify(scanned.body)).toBe(201);
  return (scanned.body.scan as { id: string }).id;
}

export function readRun(stage: LoopStage, story: Story, runId: string, key = stage.owner) {
  return callJson(stage.stack.baseUrl, `/api/v1/cases/${stage.cases[story]}/runs/${runId}`, {
    key,
  });
}

export function readFixes(
  stage: LoopStage,
  story: Story,
  key = stage.owner,
): Promise<JsonResponse> {
  return callJson(stage.stack.baseUrl, `/api/v1/cases/${stage.cases[story]}/fixes`, { key });
}

export interface ChangeView {
  metric: string;
  family?: string;
  brand?: string;
  change: number;
  interval: number[];
  cause: string;
  evidence: {
    text: string;
    models: { family: string; before: string[]; after: string[] }[];
    canaries: { family: string; drift: number | null }[];
    scans: { scan_id: string; role: string }[];
    checks: { check: string; before: string; after: string }[];
    prompts: { stable: number } | null;
  };
}

export async function changesOf(stage: LoopStage, story: Story, runId: string) {
  const read = await readRun(stage, story, runId);
  expect(read.status).toBe(200);
  return (read.body.summary as { changes: ChangeView[] }).changes;
}

export async function closeLoopStage(stage: LoopStage | undefined): Promise<void> {
  await stage?.stack.close();
  await Promise.all(Object.values(stage?.sites ?? {}).map((site) => site.close()));
}
