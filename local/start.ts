/**
 * `npm start`: the whole service on this machine (docs/architecture.md, "Local stack"), nothing to
 * install beyond `npm ci`. Environment: PORT (3000), HOST (127.0.0.1), DATA_DIR (.data),
 * ALLOW_PRIVATE_TARGETS=1 to scan sites on this machine, ADMIN_EMAILS, PUBLIC_BASE_URL.
 */
import { resolve } from 'node:path';
import { type LocalStack, startLocalStack } from './stack.ts';

function describeProviders(stack: LocalStack): string {
  const entries = Object.entries(stack.providers);
  const simulated = entries.filter(([, mode]) => mode === 'simulated').map(([family]) => family);
  const real = entries.filter(([, mode]) => mode === 'real').map(([family]) => family);
  const parts = [];
  if (real.length > 0) parts.push(`real: ${real.join(', ')}`);
  if (simulated.length > 0) {
    parts.push(
      `SIMULATED (no API key set): ${simulated.join(', ')} via ${stack.simulatorUrl}; set OPENAI_API_KEY, ANTHROPIC_API_KEY, PERPLEXITY_API_KEY or GEMINI_API_KEY for real answers (docs/providers.md)`,
    );
  }
  return parts.join('; ');
}

function describeBilling(stack: LocalStack): string {
  if (stack.billing === 'stripe') {
    return `Stripe at ${stack.config.billing.apiBase.origin} (STRIPE_SECRET_KEY is set); events to ${stack.baseUrl}/api/v1/billing/stripe-webhook`;
  }
  return `SIMULATED (no STRIPE_SECRET_KEY): the bundled billing simulator at ${stack.billingSimulator?.url} serves a test Checkout and portal and signs its events back; upgrade at ${stack.baseUrl}/dashboard/billing (docs/api.md "Plans and billing")`;
}

function describeResumed(stack: LocalStack): string {
  const { batchJobs, monitorRuns, deliveries } = stack.resumed;
  if (batchJobs.length + monitorRuns.length + deliveries.length === 0) {
    return 'nothing was left unfinished';
  }
  return `${batchJobs.length} batch job(s), ${monitorRuns.length} monitor run(s), ${deliveries.length} webhook delivery(ies) left unfinished at the last stop`;
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = process.env.DATA_DIR ?? '.data';
  const stack = await startLocalStack({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    dataDir,
    // The local default keeps the banner readable; LOG_LEVEL still overrides it.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' },
  });
  const privateTargets = stack.config.ALLOW_PRIVATE_TARGETS;
  const lines = [
    '',
    `Agent-Readiness API running at ${stack.baseUrl}`,
    `  API:      ${stack.baseUrl}/api/v1`,
    `  docs:     ${stack.baseUrl}/docs`,
    `  OpenAPI:  ${stack.baseUrl}/api/v1/openapi.json`,
    `  dashboard: ${stack.baseUrl}/dashboard (sign-in links are printed here as [outbox] mail; or: npm run --silent admin -- login-link --email you@example.com)`,
    `  store:    dynalite on disk in ${resolve(dataDir)} (table ${stack.tableName})`,
    `  MCP:      ${stack.baseUrl}/api/mcp (key in the Authorization header) or ${stack.baseUrl}/api/mcp/<API_KEY>`,
    `  scanner:  signs every request (Web Bot Auth); keys in ${resolve(dataDir)}/signing-keys.json, published at ${stack.baseUrl}/.well-known/http-message-signatures-directory (rotate: npm run --silent admin -- rotate-signing-key)`,
    `  queues:   fauxqs at ${stack.sqsEndpoint}; workflows: the state-machines/ ASL files in process`,
    `  resumed:  ${describeResumed(stack)}`,
    `  model providers: ${describeProviders(stack)}`,
    `  billing:  ${describeBilling(stack)}`,
    `  private and loopback scan targets: ${privateTargets ? 'ALLOWED (ALLOW_PRIVATE_TARGETS=1)' : 'refused (set ALLOW_PRIVATE_TARGETS=1 to scan sites on this machine)'}`,
    '',
    'Create a user and an API key (in another terminal, same environment):',
    '  npm run --silent admin -- create-user --email you@example.com --plan pro',
    '  npm run --silent admin -- create-key --email you@example.com --scopes scans:read,scans:write,monitor:read,monitor:write,webhooks:manage',
    '  npm run --silent admin -- --help',
    '',
    'Batch scans, cases and runs, webhooks: see the docs page; e.g. with a key holding scans:write:',
    `  curl -s -X POST ${stack.baseUrl}/api/v1/scans/batch -H "authorization: Bearer $KEY" -H 'content-type: application/json' -d '{"domains":["example.com","example.org"]}'`,
    '',
    'Scan a domain (anonymous: 3 per day per IP):',
    `  curl -s -X POST ${stack.baseUrl}/api/v1/scans -H 'content-type: application/json' -d '{"domain":"example.com"}'`,
    '',
    'Press Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    `Could not start the local stack: ${error instanceof Error ? error.message : String(error)}`,
  );
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error('The port is taken: set PORT to another value, or stop the other process.');
  }
  process.exit(1);
});
