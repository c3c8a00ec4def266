import { startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson } from '#test/support/stack';
import { getOutbox } from '#shared/wiring/mail';

const s = await startMonitorTestStack({ seed: 'try', ownerEmail: 'o@example.com', adminEmail: 'a@example.com', env: { ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_DELAYS_S: '1,1', LOG_LEVEL: 'ERROR' } });
const base = s.stack.baseUrl;
const c = await callJson(base, '/api/v1/cases', { method: 'POST', key: s.owner, body: { name: 'Acme Analytics', domain: 'acme-analytics.com', category: 'product analytics', competitors: ['Globex Insights'] } });
const caseId = (c.body.case as any).id;
const a = await callJson(base, `/api/v1/cases/${caseId}/alerts`, { method: 'POST', key: s.owner, body: { metric: 'mention_rate', condition: 'drop', significant_only: false, channels: { email: ['me@example.com'] } } });
console.log(a.status, JSON.stringify(a.body));
const bad = await callJson(base, `/api/v1/cases/${caseId}/alerts`, { method: 'POST', key: s.owner, body: { metric: 'total_score', condition: 'below', channels: { slack_url: 'http://x' } } });
console.log(bad.status, JSON.stringify(bad.body.error));
await callJson(base, `/api/v1/cases/${caseId}/digest`, { method: 'PUT', key: s.owner, body: { enabled: true, email: 'digest@example.com' } });
for (let i = 0; i < 2; i++) {
  if (i === 1) s.stack.setSimulatorScenario({ engine: { family: 'openai', model: 'gpt-x', brandRateFactor: 0 } });
  const r = await callJson(base, `/api/v1/cases/${caseId}/runs`, { method: 'POST', key: s.owner });
  const id = (r.body.run as any).id;
  const end = await s.stack.workflows.waitFor(`monitor-${id}`);
  console.log('run', id, end.status);
}
await new Promise((r) => setTimeout(r, 3000));
const l = await callJson(base, `/api/v1/cases/${caseId}/alerts`, { key: s.owner });
console.log(JSON.stringify(l.body.alerts));
const alertId = (a.body.alert as any).id;
const d = await callJson(base, `/api/v1/cases/${caseId}/alerts/${alertId}/deliveries`, { key: s.owner });
console.log(JSON.stringify(d.body).slice(0, 2000));
console.log(getOutbox().messages().map((m) => `${m.to}: ${m.subject}\n${m.text}`).join('\n---\n'));
const p = await callJson(base, `/api/v1/cases/${caseId}/alerts/preview`, { method: 'POST', key: s.owner, body: { metric: 'mention_rate', condition: 'drop', family: 'openai' } });
console.log(p.status, JSON.stringify(p.body).slice(0, 800));
await s.stack.close();
