/**
 * Public addresses of resources, from the base URL of the request. Paths are written here once
 * (they match the route manifest; a unit test checks it), so domain code never builds URLs.
 */
import type { Links } from '#shared/domain/kernel/operation';
import { DOCS_PATH } from './meta.ts';

export const LINK_PATHS = {
  scanPage: '/scans/{id}',
  batchJob: '/api/v1/scans/batch/{id}',
  billingPage: '/dashboard/billing',
} as const;

export function linksFor(baseUrl: string): Links {
  const fill = (template: string, id: string) =>
    `${baseUrl}${template.replace('{id}', encodeURIComponent(id))}`;
  return {
    scanPage: (scanId) => fill(LINK_PATHS.scanPage, scanId),
    batchJob: (jobId) => fill(LINK_PATHS.batchJob, jobId),
    docs: () => `${baseUrl}${DOCS_PATH}`,
    billingPage: () => `${baseUrl}${LINK_PATHS.billingPage}`,
  };
}
