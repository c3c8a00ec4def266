/**
 * Checks a response against the OpenAPI document the stack serves: the status must be documented
 * for the operation, and the JSON body must match its schema.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { JsonResponse } from './stack.ts';

export function expectDocumented(
  openapi: Record<string, unknown>,
  response: JsonResponse,
  path: string,
  method: string,
): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(openapi, 'openapi');
  const segment = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');
  const pointer = `openapi#/paths/${segment(path)}/${method}/responses/${response.status}/content/${segment('application/json')}/schema`;
  const validate = ajv.getSchema(pointer);
  expect(validate, `${method} ${path} ${response.status} is documented`).toBeDefined();
  validate?.(response.body);
  expect(validate?.errors ?? [], `${method} ${path} ${response.status}`).toEqual([]);
}
