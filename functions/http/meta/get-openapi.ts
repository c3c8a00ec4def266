import { createRawHandler, noDeps } from '#shared/api/http-handler';
import { getOpenApi } from '#shared/api/operations';
import { META_ROUTES } from '#shared/api/routes/meta';

export const handler = createRawHandler(META_ROUTES.get_openapi, getOpenApi, noDeps);
