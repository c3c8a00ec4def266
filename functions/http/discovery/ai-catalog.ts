import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { DISCOVERY_ROUTES } from '#shared/surfaces/api/routes/discovery';
import { aiCatalogDocument } from '#shared/surfaces/discovery/operations';

export const handler = createRawHandler(DISCOVERY_ROUTES.ai_catalog, aiCatalogDocument, noDeps);
