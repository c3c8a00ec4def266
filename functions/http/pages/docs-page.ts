/**
 * Lambda entry for `GET /docs` (operation `docs_page`): the page pipeline around `docsPage`; it
 * needs no dependencies. Nothing else belongs here (docs/architecture.md).
 */
import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { META_ROUTES } from '#shared/surfaces/api/routes/meta';
import { docsPage } from '#shared/surfaces/pages/operations';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createRawHandler(META_ROUTES.docs_page, docsPage, noDeps, getApiDeps);
