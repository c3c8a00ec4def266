/**
 * Lambda entry for `GET /api/v1/keys` (operation `list_keys`): the API pipeline (authentication,
 * validation, error envelope) around `listKeys`; its dependencies come from `getKeyDeps`. Nothing
 * else belongs here (docs/architecture.md).
 */
import { listKeys } from '#shared/domain/accounts/key-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { KEY_ROUTES } from '#shared/surfaces/api/routes/keys';
import { getApiDeps } from '#shared/wiring/api';
import { getKeyDeps } from '#shared/wiring/keys';

export const handler = createApiHandler(KEY_ROUTES.list_keys, listKeys, getKeyDeps, getApiDeps);
