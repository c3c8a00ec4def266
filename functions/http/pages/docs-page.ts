/**
 * Lambda entry for `GET /docs` (operation `docs_page`): the page pipeline around
 * `docsPageNegotiated` (HTML, or markdown for `Accept: text/markdown`); it needs no
 * dependencies. Nothing else belongs here (docs/architecture.md).
 */
import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { META_ROUTES } from '#shared/surfaces/api/routes/meta';
import { docsPageNegotiated } from '#shared/surfaces/pages/discovery/operations';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createRawHandler(
  META_ROUTES.docs_page,
  docsPageNegotiated,
  noDeps,
  getApiDeps,
);
