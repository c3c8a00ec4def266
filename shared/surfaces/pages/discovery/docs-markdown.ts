/**
 * `/docs` as markdown, for agents that send `Accept: text/markdown`: the same manifest, scoring
 * notes and standards registry as the HTML page (shared/surfaces/pages/docs-page.ts).
 */
import { standardsMarkdown } from '#shared/surfaces/pages/standards-section';
import { apiRoutes, PATHS, SERVICE_NAME, SERVICE_SUMMARY } from './site.ts';

export function docsMarkdown(baseUrl: string): string {
  const routes = apiRoutes().map(
    (route) =>
      `- \`${route.method} ${route.path}\`: ${route.summary}. ${route.description} (auth: ${route.auth})`,
  );
  return [
    `# ${SERVICE_NAME}: documentation`,
    '',
    SERVICE_SUMMARY,
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
    standardsMarkdown(),
    '',
    '## Routes',
    '',
    ...routes,
    '',
  ].join('\n');
}
