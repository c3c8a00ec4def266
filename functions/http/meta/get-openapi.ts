/**
 * Lambda entry for `GET /api/v1/openapi.json` (operation `get_openapi`): the page pipeline around
 * `getOpenApi`; it needs no dependencies. Nothing else belongs here (docs/architecture.md).
 */
import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { getOpenApi } from '#shared/surfaces/api/operations';
import { META_ROUTES } from '#shared/surfaces/api/routes/meta';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createRawHandler(META_ROUTES.get_openapi, getOpenApi, noDeps, getApiDeps);
