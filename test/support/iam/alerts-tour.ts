/**
 * The alerts part of the IAM recording walk (test/support/iam/tour.ts, issue 39): every alert,
 * digest and report-link route called once with the walk's key, and the public report page
 * opened without one. One rule and one link are left for the dashboard walk to delete and revoke.
 */
import { expect } from 'vitest';
import { callJson, type TestStack } from '#test/support/stack';

export interface AlertIds {
  /** A rule the dashboard walk deletes through its form. */
  alertId: string;
  /** A report link the dashboard walk revokes through its form. */
  reportLinkId: string;
}

export async function walkAlerts(
  stack: TestStack,
  key: string,
  caseId: string,
  runId: string,
): Promise<AlertIds> {
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  const alerts = `/api/v1/cases/${caseId}/alerts`;
  const rule = {
    metric: 'total_score',
    condition: 'change',
    channels: { webhook: true, email: 'iam-alerts@example.com' },
  };
  const made: string[] = [];
  for (const _ of [1, 2]) {
    const created = await call('POST', alerts, rule);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    made.push((created.body.alert as { id: string }).id);
  }
  const [kept = '', removed = ''] = made;
  await call('GET', alerts);
  await call('POST', `${alerts}/preview`, { metric: 'mention_rate', condition: 'drop' });
  await call('GET', `${alerts}/${kept}/deliveries`);
  await call('DELETE', `${alerts}/${removed}`);
  await call('GET', `/api/v1/cases/${caseId}/digest`);
  await call('PUT', `/api/v1/cases/${caseId}/digest`, {
    enabled: true,
    email: ['iam-digest@example.com'],
  });
  const links = `/api/v1/cases/${caseId}/runs/${runId}/report-links`;
  const linkIds: string[] = [];
  for (const title of ['Recorded report', 'Revoked report']) {
    const created = await call('POST', links, { title });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.body.link as { id: string; url: string };
    linkIds.push(link.id);
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
  }
  await call('GET', links);
  const [reportLinkId = '', revoked = ''] = linkIds;
  await call('DELETE', `${links}/${revoked}`);
  return { alertId: kept, reportLinkId };
}
