/** One function behind the discovery routes; the route key picks the route. */
import { createRawHandler } from '#shared/surfaces/api/http-handler';
import { DISCOVERY_ROUTES } from '#shared/surfaces/api/routes/discovery';
import { dispatchByRouteKey } from '#shared/surfaces/http/route-key';
import { requestedPath, serveDocument } from '#shared/surfaces/pages/discovery/documents';
import { getApiDeps } from '#shared/wiring/api';
import { getDiscoveryDeps } from '#shared/wiring/scanner-identity';

const handlers = Object.fromEntries(
  Object.values(DISCOVERY_ROUTES).map((route) => [
    route.path,
    createRawHandler(
      route,
      (input, deps) =>
        serveDocument(
          requestedPath(route.path, input.params as Record<string, string | undefined>),
          input,
          deps,
        ),
      getDiscoveryDeps,
      getApiDeps,
    ),
  ]),
);

export const handler = dispatchByRouteKey(handlers, 'discovery', '/{document}');
