/**
 * Lambda entry for `POST /api/v1/keys` (operation `create_key`): the API pipeline (authentication,
 * validation, error envelope) around `createKey`; its dependencies come from `getKeyDeps`. Nothing
 * else belongs here (docs/architecture.md).
 */
import { createKey } from '#shared/domain/accounts/key-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { KEY_ROUTES } from '#shared/surfaces/api/routes/keys';
import { getApiDeps } from '#shared/wiring/api';
import { getKeyDeps } from '#shared/wiring/keys';

export const handler = createApiHandler(KEY_ROUTES.create_key, createKey, getKeyDeps, getApiDeps);
