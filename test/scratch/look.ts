import { startTestStack, callJson } from '#test/support/stack';
import { launchChromium } from '#test/browser/support/chromium';
import { signInThroughPages } from '#test/browser/support/sign-in';
import { writeFile } from 'node:fs/promises';

const stack = await startTestStack({ WORKFLOW_TIME_SCALE: '0.01', MONITOR_PROMPTS_PER_BLOCK: '2', MONITOR_REPEATS: '1', ALLOW_PRIVATE_TARGETS: '1', MONITOR_CITED_SCANS: '0' });
const EMAIL = 'look@example.com';
const key = await stack.createKey(['monitor:read', 'monitor:write'], { email: EMAIL });
const c = await callJson(stack.baseUrl, '/api/v1/cases', { method: 'POST', key, body: { name: 'Acme Analytics', domain: 'acme-analytics.com', category: 'product analytics', competitors: ['Globex Insights', 'Initech Metrics'] } });
const caseId = (c.body.case as any).id;
const runs: string[] = [];
for (let i = 0; i < 3; i++) {
  if (i === 2) stack.setSimulatorScenario({ engine: { family: 'openai', model: 'gpt-next', brandRateFactor: 0 } });
  const r = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { method: 'POST', key });
  const id = (r.body.run as any).id; runs.push(id);
  await stack.workflows.waitFor(`monitor-${id}`);
}
await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/alerts`, { method: 'POST', key, body: { metric: 'model_changed', condition: 'change', channels: { email: ['team@example.com'], slack_url: 'https://127.0.0.1:9/services/T/B/X' } } });
const link = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs/${runs[2]}/report-links`, { method: 'POST', key, body: { title: 'Northwind Agency – AI visibility', logo_url: 'https://example.com/logo.png' } });
console.log(link.status, JSON.stringify(link.body));
const browser = await launchChromium();
const page = await browser.context.newPage();
await signInThroughPages(page, stack.baseUrl, EMAIL);
for (const width of [1280, 375]) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${stack.baseUrl}/dashboard/cases/${caseId}/alerts`);
  await page.screenshot({ path: `/tmp/alerts-${width}.png`, fullPage: true });
  await page.goto((link.body.link as any).url);
  await page.screenshot({ path: `/tmp/report-${width}.png`, fullPage: true });
}
await page.goto((link.body.link as any).url);
await page.pdf({ path: '/tmp/report.pdf', format: 'A4', printBackground: true });
await browser.close();
await stack.close();
