import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { DISCOVERY_ROUTES } from '#shared/surfaces/api/routes/discovery';
import { homePage } from '#shared/surfaces/discovery/operations';

export const handler = createRawHandler(DISCOVERY_ROUTES.site_home, homePage, noDeps);
