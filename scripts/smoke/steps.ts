/**
 * The steps of the smoke test, in the order a user meets the product. Each step returns a short
 * note for its line or throws `StepFailure`; later steps read what earlier ones created from the
 * shared state (a run needs its case), and a step whose input is missing fails instead of running.
 */
import { type Answer, type Api, pollUntil, StepFailure } from './http.ts';
import { callTool, listTools } from './mcp.ts';
import type { SmokeOptions } from './options.ts';

export interface SmokeState {
  api: Api;
  options: SmokeOptions;
  caseId?: string;
  runId?: string;
}

export interface SmokeStep {
  name: string;
  run(state: SmokeState): Promise<string>;
}

/** The minimum tools the tool server must list (read tools and the scan). */
const EXPECTED_TOOLS = ['get_stats', 'scan_domain', 'get_scan', 'list_cases', 'get_case_summary'];

function field<T>(answer: Answer, name: string): T {
  const value = answer.body[name];
  if (value === undefined || value === null) throw new StepFailure(`the response has no ${name}`);
  return value as T;
}

function deadlineOf(state: SmokeState): number {
  return Date.now() + state.options.timeoutSeconds * 1000;
}

const stats: SmokeStep = {
  name: 'stats',
  async run({ api }) {
    const body = field<{ scans: number }>(await api.expect(200, 'GET', '/api/v1/stats'), 'stats');
    if (typeof body.scans !== 'number') throw new StepFailure('stats.scans is not a number');
    return `${body.scans} scans so far`;
  },
};

const scan: SmokeStep = {
  name: 'scan',
  async run({ api, options }) {
    const created = await api.expect(201, 'POST', '/api/v1/scans', { domain: options.site });
    const made = field<{ id: string; score: number }>(created, 'scan');
    const read = field<{ id: string }>(
      await api.expect(200, 'GET', `/api/v1/scans/${made.id}`),
      'scan',
    );
    if (read.id !== made.id) throw new StepFailure(`GET returned scan ${read.id}, not ${made.id}`);
    return `${options.site}: score ${made.score}, scan ${made.id} readable`;
  },
};

const batch: SmokeStep = {
  name: 'batch',
  async run(state) {
    const { api, options } = state;
    const created = await api.expect(202, 'POST', '/api/v1/scans/batch', {
      domains: options.batch,
    });
    const job = field<{ id: string }>(created, 'job');
    const ended = await pollUntil(
      async () =>
        field<{ status: string; counts: Record<string, number> }>(
          await api.expect(200, 'GET', `/api/v1/scans/batch/${job.id}`),
          'job',
        ),
      (view) => view.status === 'done' || view.status === 'failed',
      { deadline: deadlineOf(state), intervalMs: 1000, what: `batch ${job.id}` },
    );
    if (ended.status !== 'done' || ended.counts.done !== ended.counts.total) {
      throw new StepFailure(
        `batch ${job.id} ended ${ended.status} ${JSON.stringify(ended.counts)}`,
      );
    }
    return `${ended.counts.total} domain(s) done, job ${job.id}`;
  },
};

const createCase: SmokeStep = {
  name: 'case',
  async run(state) {
    const answer = await state.api.expect(201, 'POST', '/api/v1/cases', {
      // Unique per run: one owner may not hold two identical active cases (409 duplicate_case),
      // and two smoke runs can start within a minute.
      name: `Smoke test ${new Date().toISOString().slice(0, 19)} ${crypto.randomUUID().slice(0, 8)}`,
      domain: state.options.caseDomain,
      category: 'smoke test',
      competitors: ['Example Competitor'],
      use_cases: ['checking a deployment'],
    });
    state.caseId = field<{ id: string }>(answer, 'case').id;
    return `case ${state.caseId} for ${state.options.caseDomain}`;
  },
};

function needCase(state: SmokeState): string {
  if (!state.caseId) throw new StepFailure('no case (the case step failed)');
  return state.caseId;
}

interface RunView {
  id: string;
  status: string;
  total_score: number | null;
  error: string | null;
}

const runToEnd: SmokeStep = {
  name: 'run',
  async run(state) {
    const caseId = needCase(state);
    const path = `/api/v1/cases/${caseId}/runs`;
    const runId = field<{ id: string }>(
      await state.api.expect(200, 'POST', path, { label: 'smoke' }),
      'run',
    ).id;
    const run = await pollUntil(
      async () => {
        const runs = field<RunView[]>(await state.api.expect(200, 'GET', path), 'runs');
        return runs.find((entry) => entry.id === runId);
      },
      (entry) => entry?.status === 'done' || entry?.status === 'failed',
      { deadline: deadlineOf(state), intervalMs: 2000, what: `run ${runId}` },
    );
    const ended = run as RunView;
    if (ended.status !== 'done') throw new StepFailure(`run ${runId} failed: ${ended.error}`);
    state.runId = runId;
    return `run ${runId} done, total score ${ended.total_score}`;
  },
};

const summary: SmokeStep = {
  name: 'summary',
  async run(state) {
    const caseId = needCase(state);
    const answer = await state.api.expect(200, 'GET', `/api/v1/cases/${caseId}/summary`);
    const run = field<{ id: string }>(answer, 'run');
    field<object>(answer, 'summary');
    if (state.runId && run.id !== state.runId) {
      throw new StepFailure(`the summary is of run ${run.id}, not of ${state.runId}`);
    }
    return `summary of run ${run.id}`;
  },
};

const webhook: SmokeStep = {
  name: 'webhook test event',
  async run({ api, options }) {
    const created = await api.expect(201, 'POST', '/api/v1/webhooks', {
      url: options.receiver,
      events: ['scan.completed'],
      label: 'smoke test',
    });
    const endpoint = field<{ id: string }>(created, 'endpoint');
    try {
      const answer = await api.expect(200, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
      const delivery = field<{ status: string; last_status: number | null }>(answer, 'delivery');
      if (delivery.status !== 'delivered') {
        throw new StepFailure(
          `the test event was not delivered: ${delivery.status}, receiver answered ${delivery.last_status}`,
        );
      }
      return `delivered to ${options.receiver} (${delivery.last_status})`;
    } finally {
      await api.call('DELETE', `/api/v1/webhooks/${endpoint.id}`);
    }
  },
};

const mcpTools: SmokeStep = {
  name: 'mcp tools',
  async run({ options }) {
    const names = await listTools(options);
    const missing = EXPECTED_TOOLS.filter((name) => !names.includes(name));
    if (missing.length > 0) throw new StepFailure(`tools missing: ${missing.join(', ')}`);
    return `${names.length} tools`;
  },
};

const mcpCall: SmokeStep = {
  name: 'mcp tool call',
  async run({ options }) {
    const content = await callTool(options, 'get_stats', {});
    const scans = (content.stats as { scans?: unknown } | undefined)?.scans;
    if (typeof scans !== 'number') throw new StepFailure('get_stats returned no stats.scans');
    return `get_stats: ${scans} scans`;
  },
};

export const SMOKE_STEPS: readonly SmokeStep[] = [
  stats,
  scan,
  batch,
  createCase,
  runToEnd,
  summary,
  webhook,
  mcpTools,
  mcpCall,
];
