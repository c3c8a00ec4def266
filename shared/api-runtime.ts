import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiRuntime } from '#shared/api/http-handler';
import { type Config, loadConfig } from '#shared/config';
import { createDocumentClient } from '#shared/store/client';
import { createUsersRepository, type UsersRepository } from '#shared/store/users-repository';

/**
 * What every HTTP handler needs (configuration, the store client, key lookup), built once per
 * process on first use. Kept apart from `shared/runtime.ts` so that handlers which run no
 * domain service (documents, pages, the 404 fallback) do not load or bundle the scan engine.
 */
export interface BaseRuntime extends ApiRuntime {
  config: Config;
  doc: DynamoDBDocumentClient;
  users: UsersRepository;
}

let current: BaseRuntime | undefined;

export function getApiRuntime(): BaseRuntime {
  if (!current) {
    const config = loadConfig();
    const doc = createDocumentClient({
      region: config.AWS_REGION,
      endpoint: config.DYNAMODB_ENDPOINT,
    });
    const users = createUsersRepository(doc, config.TABLE_NAME);
    current = {
      config,
      doc,
      users,
      keys: users,
      adminEmails: config.ADMIN_EMAILS,
      publicBaseUrl: config.PUBLIC_BASE_URL,
    };
  }
  return current;
}

/** Forgets the runtime so the next call reads the environment again (local stack, tests). */
export function resetApiRuntime(): void {
  current?.doc.destroy();
  current = undefined;
}
