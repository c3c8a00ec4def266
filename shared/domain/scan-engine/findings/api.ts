/**
 * Finding types of check 7 `api` (docs/scan-engine.md "Finding ids").
 */
import { checkCommon, finding, passing } from './spec.ts';

/** Every finding id of the api check. */
export const API_FINDINGS = {
  ...checkCommon('api'),
  'api.site_type': finding(
    'Site type (content, app or commerce)',
    'Nothing to fix: the site type only decides whether missing API artifacts count.',
    'rfc9727',
  ),
  'api.not_applicable': finding(
    'Not applicable: a content site with no API published',
    'Nothing to fix unless you offer an API; then publish an API catalog and an OpenAPI document.',
    'rfc9727',
  ),
  'api.link_header_ok': passing('The homepage Link header advertises the API', 'rfc8288'),
  'api.no_link_header': finding(
    'No API discovery Link header on the homepage',
    'Send e.g. Link: </.well-known/api-catalog>; rel="api-catalog" on the homepage.',
    'rfc8288',
  ),
  'api.catalog_missing': finding(
    'No API catalog',
    'Publish /.well-known/api-catalog, an RFC 9727 linkset (application/linkset+json) listing your APIs and their OpenAPI documents.',
    'rfc9727',
  ),
  'api.catalog_not_linkset': finding(
    'The API catalog is not a linkset document',
    'Serve a JSON object with a "linkset" array at /.well-known/api-catalog (RFC 9727).',
    'rfc9727',
  ),
  'api.catalog_empty': finding(
    'The API catalog lists no APIs',
    'List each API as an "item" (or "service-desc") link in the catalog.',
    'rfc9727',
  ),
  'api.catalog_wrong_type': finding(
    'The API catalog is served with the wrong type',
    'Serve /.well-known/api-catalog as application/linkset+json.',
    'rfc9727',
  ),
  'api.catalog_ok': passing('A complete API catalog', 'rfc9727'),
  'api.catalog_unlinked': finding(
    'The API catalog has no profile and no homepage link',
    'Add the RFC 9727 profile parameter to its Content-Type or a homepage Link rel="api-catalog".',
    'rfc9727',
  ),
  'api.openapi_ok': passing('An OpenAPI description is published', 'openapi'),
  'api.openapi_invalid': finding(
    'The service description is not a parseable OpenAPI document',
    'Fix the document so it has "openapi" and "paths".',
    'openapi',
  ),
  'api.openapi_missing': finding(
    'No OpenAPI description',
    'Publish an OpenAPI document and name it in the catalog (service-desc), a Link header or /.well-known/openapi.json.',
    'openapi',
  ),
  'api.no_protected_api': finding(
    'No protected API detected',
    'Nothing to fix: OAuth discovery does not apply.',
    'rfc9728',
  ),
  'api.prm_problems': finding(
    'Protected-resource metadata with problems',
    'Fix what the finding lists in /.well-known/oauth-protected-resource (RFC 9728): the resource, authorization_servers or bearer_methods_supported.',
    'rfc9728',
  ),
  'api.prm_ok': passing('OAuth protected-resource metadata is complete', 'rfc9728'),
  'api.prm_missing': finding(
    'A protected API without protected-resource metadata',
    'Publish /.well-known/oauth-protected-resource (RFC 9728) naming this origin and its authorization servers, or bearer_methods_supported alone when tokens are API keys.',
    'rfc9728',
  ),
  'api.auth_server_na': finding(
    'Authorization-server metadata not applicable',
    'Nothing to fix: the resource names no authorization server, so tokens come from outside OAuth.',
    'rfc8414',
  ),
  'api.auth_server_invalid': finding(
    'Authorization-server metadata without an issuer',
    'Publish RFC 8414 or OpenID metadata with an "issuer".',
    'rfc8414',
  ),
  'api.auth_server_missing': finding(
    'No authorization-server metadata',
    'Publish /.well-known/oauth-authorization-server (RFC 8414).',
    'rfc8414',
  ),
  'api.auth_server_ok': passing('Authorization-server metadata is complete', 'rfc8414'),
  'api.auth_server_problems': finding(
    'Authorization-server metadata with problems',
    'Fix what the finding lists: the issuer, the endpoints, or S256 in code_challenge_methods_supported.',
    'rfc8414',
  ),
};
