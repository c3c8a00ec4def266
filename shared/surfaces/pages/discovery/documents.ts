/**
 * Which document each discovery route serves, by the path it was asked for: the single
 * function behind the discovery routes looks the path up here (an unknown name is 404).
 */
import { NotFoundError } from '#shared/domain/kernel/errors';
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { RawResponse } from '#shared/surfaces/http/pipeline';
import type { DiscoveryDeps } from './deps.ts';
import * as ops from './operations.ts';
import { PATHS } from './site.ts';

type Op = (input: OperationInput, deps: DiscoveryDeps) => Promise<RawResponse>;

export const DOCUMENTS: Readonly<Record<string, Op>> = {
  [PATHS.home]: ops.homePage,
  '/robots.txt': ops.robots,
  [PATHS.llms]: ops.llms,
  [PATHS.llmsFull]: ops.llmsFull,
  [PATHS.sitemap]: ops.sitemap,
  [PATHS.logo]: ops.logo,
  '/favicon.ico': ops.favicon,
  [PATHS.apiCatalog]: ops.apiCatalogDocument,
  [PATHS.protectedResource]: ops.protectedResourceDocument,
  [PATHS.aiCatalog]: ops.aiCatalogDocument,
  [PATHS.ard]: ops.ardDocument,
  [PATHS.mcpCatalog]: ops.mcpCatalogDocument,
  [PATHS.skills]: ops.skillsIndexDocument,
  [PATHS.skill]: ops.skillDocument,
  [PATHS.serverCard]: ops.serverCardDocument,
  [PATHS.keyDirectory]: ops.keyDirectoryDocument,
  [PATHS.signatureAgentCard]: ops.signatureAgentCardDocument,
  [PATHS.authMd]: ops.authMdDocument,
};

/** Content types of the documents a route template does not fix. */
const TYPES: Readonly<Record<string, string>> = {
  '/robots.txt': 'text/plain; charset=utf-8',
  [PATHS.llms]: 'text/plain; charset=utf-8',
  [PATHS.llmsFull]: 'text/plain; charset=utf-8',
  [PATHS.sitemap]: 'application/xml; charset=utf-8',
  [PATHS.logo]: 'image/svg+xml',
  [PATHS.aiCatalog]: 'application/ai-catalog+json',
  [PATHS.ard]: 'application/json',
  [PATHS.mcpCatalog]: 'application/json',
  [PATHS.protectedResource]: 'application/json',
  [PATHS.skills]: 'application/json',
  [PATHS.signatureAgentCard]: 'application/json',
  [PATHS.authMd]: 'text/markdown; charset=utf-8',
};

/** The path a discovery route was asked for, rebuilt from its template and parameters. */
export function requestedPath(
  template: string,
  params: Record<string, string | undefined>,
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

export async function serveDocument(
  path: string,
  input: OperationInput<unknown>,
  deps: DiscoveryDeps,
): Promise<RawResponse> {
  const op = DOCUMENTS[path];
  if (op === undefined) throw new NotFoundError(`No document ${path}. See /docs.`);
  const response = await op(input as OperationInput, deps);
  const type = TYPES[path];
  if (type === undefined || response.headers?.['content-type'] !== undefined) return response;
  return { ...response, headers: { ...response.headers, 'content-type': type } };
}
