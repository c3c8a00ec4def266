/**
 * The OpenAPI document carries the route examples (shared/surfaces/api/examples.ts) as
 * `examples` on request bodies, success bodies and error envelopes, and each one validates with
 * ajv against the JSON Schema the document publishes beside it; the document stays valid
 * OpenAPI 3.1.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { buildOpenApiDocument } from '#shared/surfaces/api/openapi';

type MediaType = { schema?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
};

const document = JSON.parse(JSON.stringify(buildOpenApiDocument('https://api.example.com'))) as {
  paths: Record<string, Record<string, Operation>>;
};
const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document, 'openapi');

function validator(pointer: string) {
  const validate = ajv.getSchema(`openapi#${pointer}/schema`);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  return validate;
}

/** Every media type of every operation, with its JSON pointer. */
function mediaTypes(): {
  operation: Operation;
  where: string;
  pointer: string;
  media: MediaType;
}[] {
  const found: { operation: Operation; where: string; pointer: string; media: MediaType }[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const base = `/paths/${escapePointer(path)}/${method}`;
      const json = operation.requestBody?.content['application/json'];
      if (json)
        found.push({
          operation,
          where: 'request',
          pointer: `${base}/requestBody/content/application~1json`,
          media: json,
        });
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (media)
          found.push({
            operation,
            where: status,
            pointer: `${base}/responses/${status}/content/application~1json`,
            media,
          });
      }
    }
  }
  return found;
}

describe('examples in the OpenAPI document', () => {
  it('gives every JSON request body and JSON response an example its schema accepts', () => {
    const problems: string[] = [];
    for (const { operation, where, pointer, media } of mediaTypes()) {
      const examples = Object.entries(media.examples ?? {});
      // A raw JSON document (the OpenAPI document itself) has no fixed shape to sample.
      const route = ROUTES.find((candidate) => candidate.operationId === operation.operationId);
      const raw = route !== undefined && 'raw' in route.response;
      if (examples.length === 0 && !(raw && where.startsWith('2'))) {
        problems.push(`${operation.operationId} ${where}: no example`);
      }
      const validate = validator(pointer);
      for (const [name, example] of examples) {
        if (!validate(example.value)) {
          problems.push(
            `${operation.operationId} ${where} ${name}: ${JSON.stringify(validate.errors)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    // One compile per media type of the whole document: seconds on a busy machine.
  }, 60_000);

  it('catches a planted example the schema refuses', () => {
    const created = document.paths['/api/v1/scans']?.post;
    const pointer = '/paths/~1api~1v1~1scans/post/responses/201/content/application~1json';
    expect(created?.responses['201']?.content?.['application/json']?.examples).toBeDefined();
    expect(validator(pointer)({ scan: { id: 42 }, meta: {} })).toBe(false);
  });

  it('is still valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
