import { createRawHandler, noDeps } from '#shared/api/http-handler';
import { META_ROUTES } from '#shared/api/routes/meta';
import { docsPage } from '#shared/pages/operations';

export const handler = createRawHandler(META_ROUTES.docs_page, docsPage, noDeps);
