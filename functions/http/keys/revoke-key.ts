import { createApiHandler } from '#shared/api/http-handler';
import { KEY_ROUTES } from '#shared/api/routes/keys';
import { getKeyDeps } from '#shared/auth/key-composition';
import { revokeKey } from '#shared/auth/key-operations';

export const handler = createApiHandler(KEY_ROUTES.revoke_key, revokeKey, getKeyDeps);
