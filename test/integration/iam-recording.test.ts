import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { QUEUES } from '#shared/surfaces/queues/manifest';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { WORKFLOWS } from '#shared/surfaces/workflows/manifest';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/server';
import { createPolicyChecker, describePrincipal, type Verdict } from '#test/support/iam/policy';
import { type Principal, type Recording, startRecording } from '#test/support/iam/recorder';
import { synthesise } from '#test/support/iam/templates';
import { walkEveryFunction } from '#test/support/iam/tour';
import { startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';

/**
 * IAM proved by recording (issue 18, docs/decisions.md): the local stack walks every function
 * (test/support/iam/tour.ts) while every AWS call is recorded with the function, state machine or
 * schedule that makes it (test/support/iam/recorder.ts); each call is then checked against that
 * principal's role in the synthesised CDK templates. A call the role would deny fails the test;
 * the grants no call used are written to .test-results/iam-unused-grants.txt and printed.
 */
const EMAIL = 'iam-recording@example.com';
const REPORT = '.test-results/iam-unused-grants.txt';

let stack: TestStack;
let recording: Recording;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let site: RunningFixtureSite;
let verdicts: Verdict[];
let checker: ReturnType<typeof createPolicyChecker>;

beforeAll(async () => {
  recording = startRecording();
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
  });
  // The service starts workflows through the recording starter (the wiring takes it as a setting).
  stack.rewire({}, { workflows: recording.recordingStarter(stack.workflows) });
  const key = await stack.createKey(
    [
      'scans:read',
      'scans:write',
      'monitor:read',
      'monitor:write',
      'webhooks:manage',
      'account:manage',
    ],
    { email: EMAIL },
  );
  await walkEveryFunction({
    stack,
    site: site.host,
    receiver: receiver.url('/iam'),
    email: EMAIL,
    key,
  });
  checker = createPolicyChecker(synthesise(), { tableName: stack.tableName });
  verdicts = checker.check(recording.calls);
}, 240_000);

afterAll(async () => {
  recording?.stop();
  // Deliveries and runs the walk started end before the store closes under them.
  const deadline = Date.now() + 30_000;
  while (
    stack?.workflows.executions().some((entry) => entry.status === 'RUNNING') &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stack?.close();
  await Promise.all([receiver?.close(), site?.close()]);
  untrust?.();
  await certificate?.close();
});

function principals(): Principal[] {
  const functions = [
    ...ROUTES.map((route) => route.handler),
    'functions/mcp/mcp.ts',
    'functions/http/fallback.ts',
    ...WORKFLOWS.flatMap((workflow) => workflow.tasks.map((task) => task.handler)),
    ...QUEUES.map((queue) => queue.handler),
    ...SCHEDULES.map((schedule) => schedule.handler),
  ];
  return [
    ...[...new Set(functions)].map((module) => ({ kind: 'function', module }) as Principal),
    ...WORKFLOWS.map(
      (workflow) => ({ kind: 'state-machine', workflow: workflow.name }) as Principal,
    ),
    ...SCHEDULES.map((schedule) => ({ kind: 'scheduler', schedule: schedule.name }) as Principal),
  ];
}

describe('IAM proved by recording', () => {
  it('records calls of every workflow task, the queue consumer, every schedule, the tool server, every API route and every dashboard route', () => {
    const expected = [
      ...WORKFLOWS.flatMap((workflow) => workflow.tasks.map((task) => task.handler)),
      ...QUEUES.map((queue) => queue.handler),
      ...SCHEDULES.map((schedule) => schedule.handler),
      'functions/mcp/mcp.ts',
      'functions/http/fallback.ts',
      ...ROUTES.map((route) => route.handler),
    ];
    expect(expected.filter((module) => !recording.invoked.has(module))).toEqual([]);
    const machines = new Set(
      recording.calls.flatMap((call) =>
        call.principal.kind === 'state-machine' ? [call.principal.workflow] : [],
      ),
    );
    expect([...machines].sort()).toEqual(WORKFLOWS.map((workflow) => workflow.name).sort());
    const schedulers = new Set(
      recording.calls.flatMap((call) =>
        call.principal.kind === 'scheduler' ? [call.principal.schedule] : [],
      ),
    );
    expect([...schedulers].sort()).toEqual(SCHEDULES.map((schedule) => schedule.name).sort());
  });

  it('finds every recorded call allowed by the role of the principal that made it', () => {
    const denied = verdicts
      .filter((verdict) => !verdict.allowed)
      .map(
        (verdict) =>
          `${describePrincipal(verdict.call.principal)} (${verdict.role}): ${verdict.call.action} on ${verdict.arn}`,
      );
    expect([...new Set(denied)]).toEqual([]);
    expect(verdicts.length).toBeGreaterThan(100);
  });

  it('lets a read-only route and the tool server mark a key used, in its RATE# partition', () => {
    // The "last used" item (RATE#<key id> / LAST_USED): written under the CountRequests grant.
    const marks = verdicts.filter(
      (verdict) =>
        verdict.call.action === 'dynamodb:UpdateItem' &&
        (verdict.call.leadingKeys ?? []).some((key) => /^RATE#key_[0-9A-Za-z]+$/.test(key)),
    );
    const byModule = new Map(
      marks.map((verdict) => [describePrincipal(verdict.call.principal), verdict.allowed]),
    );
    expect(byModule.get('functions/http/keys/list-keys.ts')).toBe(true);
    expect(byModule.get('functions/mcp/mcp.ts')).toBe(true);
  });

  it('evaluates no statement with a condition it would have to ignore', () => {
    expect(checker.conditionalStatements(principals())).toEqual([]);
  });

  it('reports the grants no recorded call used (not the invocations the walk made)', () => {
    const exercised = principals().filter(
      (principal) => principal.kind !== 'function' || recording.invoked.has(principal.module),
    );
    const exercisedNames = new Set(exercised.map(describePrincipal));
    const notExercised = principals()
      .map(describePrincipal)
      .filter((name) => !exercisedNames.has(name));
    const unused = checker.unusedGrants(exercised, verdicts);
    const report = [
      `IAM recording: ${recording.calls.length} calls, ${verdicts.length} checks, ${verdicts.filter((v) => !v.allowed).length} denied`,
      `functions not exercised by the walk (${notExercised.length}): ${notExercised.join(', ') || 'none'}`,
      `grants never used (${unused.length}), principal  sid  action  resource:`,
      ...unused.map((line) => `  ${line}`),
    ].join('\n');
    mkdirSync('.test-results', { recursive: true });
    writeFileSync(REPORT, `${report}\n`);
    console.log(report);
    // What the walk demonstrably did is not reported unused: the schedule and every state
    // machine invoked their functions.
    expect(unused.filter((line) => line.includes('lambda:InvokeFunction'))).toEqual(
      unused.filter(
        (line) => line.includes('lambda:InvokeFunction') && line.startsWith('functions/'),
      ),
    );
  });
});
