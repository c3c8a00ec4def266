/**
 * The shape every provider adapter shares: one JSON POST per question with the family's key
 * header and deadline, a status of 300 or more turned into the family's provider error, anything
 * else read as its answer, its body checked against the family's documented shape first
 * (`readReply`), with the limits the response's headers announce. What differs between the
 * families is their wire format (`JsonWire`).
 */

import type { z } from 'zod';
import type {
  AskRequest,
  AskResult,
  Provider,
  ProviderError,
  ProviderFamily,
} from '#shared/domain/monitor/provider-port';
import type { AdapterDeps, KeyedFamilyConfig } from './adapter.ts';
import { announcedLimits, postJson, type RawResponse } from './http.ts';
import { parseJsonBody, parseShape } from './parse.ts';

/** One family's API: where to post, how to authenticate, and how to read its replies. */
export interface JsonWire {
  url: string;
  headers: Record<string, string>;
  body(request: AskRequest): unknown;
  /** The error of a reply with a status of 300 or more. */
  failure(response: RawResponse): ProviderError;
  answer(request: AskRequest, response: RawResponse): AskResult;
}

export function jsonProvider(
  family: ProviderFamily,
  config: KeyedFamilyConfig,
  deps: AdapterDeps,
  wire: JsonWire,
): Provider {
  return {
    family,
    async ask(request: AskRequest): Promise<AskResult> {
      const response = await postJson(family, {
        url: wire.url,
        headers: wire.headers,
        body: wire.body(request),
        timeoutMs: config.timeoutMs,
        dispatcher: deps.dispatcher,
      });
      if (response.status >= 300) throw wire.failure(response);
      const answer = wire.answer(request, response);
      const announced = announcedLimits(response.headers);
      return announced ? { ...answer, announced } : answer;
    },
  };
}

/** A 2xx reply's body, parsed as JSON and checked against the family's documented shape. */
export function readReply<T>(
  family: ProviderFamily,
  schema: z.ZodType<T>,
  response: RawResponse,
): T {
  const body = parseJsonBody(family, response.text, response.status);
  return parseShape(family, schema, body, response.status);
}
