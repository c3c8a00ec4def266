/** The API describing itself. The document is built once per base URL and process. */
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { RawResponse } from '#shared/surfaces/http/pipeline';
import { buildOpenApiDocument } from './openapi.ts';

const documents = new Map<string, string>();

export async function getOpenApi(input: OperationInput): Promise<RawResponse> {
  const { baseUrl } = input.request;
  let body = documents.get(baseUrl);
  if (body === undefined) {
    body = JSON.stringify(buildOpenApiDocument(baseUrl));
    // Base URLs come from configuration or the gateway's own domain names: a handful at most.
    if (documents.size < 16) documents.set(baseUrl, body);
  }
  return { body, headers: { 'cache-control': 'public, max-age=300' } };
}
