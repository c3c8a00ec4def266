import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { META_ROUTES } from '#shared/surfaces/api/routes/meta';
import { docsPage } from '#shared/surfaces/pages/operations';

export const handler = createRawHandler(META_ROUTES.docs_page, docsPage, noDeps);
