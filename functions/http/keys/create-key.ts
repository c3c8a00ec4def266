import { createApiHandler } from '#shared/api/http-handler';
import { KEY_ROUTES } from '#shared/api/routes/keys';
import { getKeyDeps } from '#shared/auth/key-composition';
import { createKey } from '#shared/auth/key-operations';

export const handler = createApiHandler(KEY_ROUTES.create_key, createKey, getKeyDeps);
