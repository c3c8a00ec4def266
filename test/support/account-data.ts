import { expect } from 'vitest';
import { createBatch, waitForJob } from './batch.ts';
import { callJson, type TestStack } from './stack.ts';

/** What an account was given to own: the ids of each kind, to look for in its export. */
export interface SeededAccount {
  caseId: string;
  runId: string;
  scanId: string;
  jobId: string;
  endpointId: string;
  secret: string;
}

/**
 * Gives the key's account one of each thing an account owns: a case with a finished run, a scan
 * of the fixture site, a batch, a webhook endpoint (its secret returned, to look for it).
 */
export async function seedAccount(
  stack: TestStack,
  key: string,
  site: string,
): Promise<SeededAccount> {
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  const made = await call('POST', '/api/v1/cases', {
    name: 'Owned Co',
    domain: 'owned-co.example',
    category: 'ownership',
    languages: ['en'],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const caseId = (made.body.case as { id: string }).id;
  const run = await call('POST', `/api/v1/cases/${caseId}/runs`);
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const runId = (run.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  const scan = await call('POST', '/api/v1/scans', { domain: site });
  expect(scan.status, JSON.stringify(scan.body)).toBe(201);
  const scanId = (scan.body.scan as { id: string }).id;
  const batch = await createBatch(stack.baseUrl, key, [site]);
  const jobId = (batch.body.job as { id: string }).id;
  await waitForJob(stack.baseUrl, key, jobId);
  const hook = await call('POST', '/api/v1/webhooks', { url: 'https://127.0.0.1:9/owned' });
  expect(hook.status).toBe(201);
  return {
    caseId,
    runId,
    scanId,
    jobId,
    endpointId: (hook.body.endpoint as { id: string }).id,
    secret: String(hook.body.secret),
  };
}

/** Every scope an owner's key may carry. */
export const OWNER_SCOPES = [
  'scans:read',
  'scans:write',
  'monitor:read',
  'monitor:write',
  'webhooks:manage',
  'account:manage',
];
