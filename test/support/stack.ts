import { type LocalStack, type LocalStackOptions, startLocalStack } from '#local/stack';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createOperatorService } from '#shared/domain/accounts/operator-service';

/** The embedded stack for one integration test file, plus helpers to make users and keys. */
export interface TestStack extends LocalStack {
  /**
   * Creates a user (unique address) and a key with the given scopes, for the user's own account
   * or (`accountId`) one the user is a member of; returns the plaintext.
   */
  createKey(
    scopes: string[],
    options?: { email?: string; plugin?: boolean; accountId?: string },
  ): Promise<string>;
  revokeKey(keyId: string): Promise<void>;
  operator: ReturnType<typeof createOperatorService>;
}

export async function startTestStack(
  env: Record<string, string> = {},
  dataDir: string | null = null,
  options: Pick<LocalStackOptions, 'receiverLookup' | 'connectStep' | 'functionTimeoutMs'> = {},
): Promise<TestStack> {
  const stack = await startLocalStack({
    ...options,
    dataDir,
    // OFFLINE_DNS: a scan's third-party lookups (sameAs profiles, Wikidata) never leave the machine.
    env: { LOG_LEVEL: 'SILENT', TABLE_NAME: 'test-table', OFFLINE_DNS: '1', ...env },
  });
  const { config } = stack;
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: stack.dynamoEndpoint });
  const users = createUsersRepository(doc, stack.tableName);
  const operator = createOperatorService({
    users,
    members: createTeamRepository(doc, stack.tableName),
    adminEmails: config.ADMIN_EMAILS,
    clock: systemClock,
  });
  let counter = 0;
  return {
    ...stack,
    operator,
    async createKey(scopes, options = {}) {
      counter += 1;
      const email =
        options.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      if (!(await users.findUserByEmail(email))) await operator.createUser({ email, plan: 'pro' });
      const { key } = await operator.createKey({
        email,
        scopes,
        plugin: options.plugin ?? false,
        accountId: options.accountId,
      });
      return key;
    },
    async revokeKey(keyId) {
      await operator.revokeKey(keyId);
    },
    async close() {
      doc.destroy();
      await stack.close();
    },
  };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & {
    error?: { code: string; message: string };
    meta?: { pricing: { model: string }; generated_at: string; docs: string };
  };
}

export async function callJson(
  baseUrl: string,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    key?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body,
  });
  const text = await response.text();
  let parsed: JsonResponse['body'];
  try {
    parsed = JSON.parse(text) as JsonResponse['body'];
  } catch {
    throw new Error(`Not JSON (${response.status}): ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
