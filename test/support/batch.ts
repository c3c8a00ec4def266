import { expect } from 'vitest';
import { callJson, type JsonResponse } from './stack.ts';

export interface JobView {
  job: {
    id: string;
    status: string;
    finished_at: string | null;
    counts: { total: number; queued: number; done: number; failed: number };
  };
  results: {
    domain: string;
    status: string;
    score: number | null;
    scan_id: string | null;
    error: string | null;
    finished_at: string | null;
  }[];
}

export async function createBatch(
  baseUrl: string,
  key: string,
  domains: unknown,
): Promise<JsonResponse> {
  return callJson(baseUrl, '/api/v1/scans/batch', { method: 'POST', key, body: { domains } });
}

/** Polls the job until it has an end state (or the time is up). */
export async function waitForJob(
  baseUrl: string,
  key: string,
  jobId: string,
  timeoutMs = 60_000,
): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await callJson(baseUrl, `/api/v1/scans/batch/${jobId}`, { key });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const view = response.body as unknown as JobView;
    if (view.job.status === 'done' || view.job.status === 'failed') return view;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${view.job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
