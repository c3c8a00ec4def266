import { createApiHandler } from '#shared/api/http-handler';
import { KEY_ROUTES } from '#shared/api/routes/keys';
import { getKeyDeps } from '#shared/auth/key-composition';
import { listKeys } from '#shared/auth/key-operations';

export const handler = createApiHandler(KEY_ROUTES.list_keys, listKeys, getKeyDeps);
