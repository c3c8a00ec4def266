/**
 * The monitor integration tests' stack (test/integration/monitor*.test.ts): fast workflows, a
 * small seeded prompt set, an admin address, the OpenAPI document, and the four keys every one
 * of them uses (an owner, a read-only key of the same owner, another account, an admin).
 */
import { startTestStack, type TestStack } from './stack.ts';

export interface MonitorTestStack {
  stack: TestStack;
  openapi: Record<string, unknown>;
  owner: string;
  reader: string;
  other: string;
  admin: string;
}

export async function startMonitorTestStack(options: {
  seed: string;
  ownerEmail: string;
  adminEmail: string;
  /** More variables for the stack (a simulator option, ALLOW_PRIVATE_TARGETS). */
  env?: Record<string, string>;
}): Promise<MonitorTestStack> {
  const stack = await startTestStack({
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '3',
    MONITOR_REPEATS: '1',
    ADMIN_EMAILS: options.adminEmail,
    SIMULATOR_SEED: options.seed,
    ...options.env,
  });
  const openapi = (await (await fetch(`${stack.baseUrl}/api/v1/openapi.json`)).json()) as Record<
    string,
    unknown
  >;
  const owner = await stack.createKey(['monitor:read', 'monitor:write'], {
    email: options.ownerEmail,
  });
  const reader = await stack.createKey(['monitor:read'], { email: options.ownerEmail });
  const other = await stack.createKey(['monitor:read', 'monitor:write']);
  await stack.operator.createUser({ email: options.adminEmail, plan: 'none' });
  const admin = await stack.createKey(['monitor:read', 'monitor:admin'], {
    email: options.adminEmail,
  });
  return { stack, openapi, owner, reader, other, admin };
}
