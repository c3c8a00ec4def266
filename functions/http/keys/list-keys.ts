import { listKeys } from '#shared/domain/accounts/key-operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { KEY_ROUTES } from '#shared/surfaces/api/routes/keys';
import { getKeyDeps } from '#shared/wiring/keys';

export const handler = createApiHandler(KEY_ROUTES.list_keys, listKeys, getKeyDeps);
