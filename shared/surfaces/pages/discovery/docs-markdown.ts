/**
 * `/docs` as markdown, for agents that send `Accept: text/markdown`: the same manifest, scoring
 * notes, standards registry, contents and route examples as the HTML page
 * (shared/surfaces/pages/docs-page.ts).
 */
import { routeExample } from '#shared/surfaces/api/examples';
import type { RouteDefinition } from '#shared/surfaces/api/manifest';
import { agentsMarkdown } from '#shared/surfaces/pages/agents-section';
import { billingMarkdown } from '#shared/surfaces/pages/billing-section';
import { ciMarkdown } from '#shared/surfaces/pages/ci-section';
import { monitorMethodMarkdown } from '#shared/surfaces/pages/docs-monitor-method';
import { routesByTag } from '#shared/surfaces/pages/docs-routes';
import { peersMarkdown } from '#shared/surfaces/pages/peers-section';
import { scannerMarkdown } from '#shared/surfaces/pages/scanner-section';
import { standardsMarkdown } from '#shared/surfaces/pages/standards-section';
import { apiRoutes, PATHS, SERVICE_NAME, SERVICE_SUMMARY } from './site.ts';

/** One route: what it does, its auth, the request and response examples and its error codes. */
function routeMarkdown(route: RouteDefinition, baseUrl: string): string[] {
  const { request, response, errors } = routeExample(route, baseUrl);
  const answer = response.body
    ? JSON.stringify(response.body, null, 2)
    : `Content-Type: ${response.contentType}`;
  return [
    `### \`${route.method} ${route.path}\` (${route.operationId})`,
    '',
    `${route.summary}. ${route.description} (auth: ${route.auth}${route.scope ? `, scope \`${route.scope}\`` : ''})`,
    '',
    '```sh',
    request.curl,
    '```',
    '',
    `Response \`${response.status}\`:`,
    '',
    response.body ? '```json' : '```',
    answer,
    '```',
    '',
    `Errors: ${errors.map((error) => `\`${error.status} ${error.code}\``).join(', ')}.`,
    '',
  ];
}

function routesMarkdown(baseUrl: string): { contents: string[]; sections: string[] } {
  const contents: string[] = [];
  const sections: string[] = [];
  for (const [tag, routes] of routesByTag(apiRoutes())) {
    contents.push(
      `  - ${tag}: ${routes.map((route) => `\`${route.method} ${route.path}\``).join(', ')}`,
    );
    sections.push(`## ${tag}`, '', ...routes.flatMap((route) => routeMarkdown(route, baseUrl)));
  }
  return { contents, sections };
}

export function docsMarkdown(baseUrl: string): string {
  const routes = routesMarkdown(baseUrl);
  return [
    `# ${SERVICE_NAME}: documentation`,
    '',
    SERVICE_SUMMARY,
    '',
    'Contents: Conventions; Scoring; The scanner; Plans and billing; The CI gate; Finding ids; Standards; How the monitor measures; Routes (each with an example request and the answer the service gave it):',
    '',
    ...routes.contents,
    '',
    `Every route lives under ${baseUrl}/api/v1; the OpenAPI 3.1 description is at [${PATHS.openapi}](${baseUrl}${PATHS.openapi}).`,
    '',
    '## Conventions',
    '',
    '- Every JSON response carries `meta` (`pricing`, `generated_at`, `docs`).',
    '- Errors: `{"error":{"code","message","request_id"},"meta"}` with a stable code; every response has `x-request-id`.',
    '- Authentication: `Authorization: Bearer <API_KEY>`; scans work without a key (3 per UTC day per IP).',
    '',
    '## Scoring',
    '',
    'Nine checks in four pillars; `score = round(100 × Σ points / Σ applicable max)`; signals that cannot be verified from outside count half; scans carry `scoring_version` 2.',
    '',
    scannerMarkdown(baseUrl),
    '',
    peersMarkdown(),
    '',
    billingMarkdown(),
    '',
    ciMarkdown(),
    '',
    standardsMarkdown(),
    '',
    agentsMarkdown(),
    '',
    ...monitorMethodMarkdown(),
    '## Routes',
    '',
    'Every error answers `{"error":{"code","message","request_id"},"meta"}`; replace `ars_YOUR_KEY` with your key.',
    '',
    ...routes.sections,
  ].join('\n');
}
