/**
 * Perplexity Agent API (`POST {base}/v1/agent`; Sonar Chat Completions was retired on
 * 2026-09-27). Online mode adds the `web_search` tool; raw mode sends no tool and no preset,
 * so nothing is searched. Sources live in the `search_results` output item; the message's
 * annotations are often empty, so a result counts as cited when the text carries its `[id]`.
 * The request body holds only documented fields: the Agent API rejects unknown ones with 400.
 */
import { z } from 'zod';
import {
  type AskRequest,
  type AskResult,
  type Provider,
  ProviderError,
  type ProviderErrorType,
} from '#shared/domain/monitor/provider-port';
import {
  type AdapterDeps,
  joinUrl,
  type KeyedFamilyConfig,
  requireAnswerText,
  usageOf,
} from './adapter.ts';
import { type CitationInput, collectCitations, uniqueQueries } from './citations.ts';
import { httpFailure, type RawResponse } from './http.ts';
import { jsonProvider, readReply } from './json-provider.ts';
import { parseShape, tryParseJson } from './parse.ts';

const Item = z.looseObject({ type: z.string() });
const ErrorInfoSchema = z.object({
  message: z.string(),
  type: z.string().nullish(),
  code: z.union([z.string(), z.number()]).nullish(),
});

const SearchResultsItemSchema = z.object({
  type: z.literal('search_results'),
  queries: z.array(z.string()).nullish(),
  results: z.array(
    z.looseObject({ id: z.number().nullish(), url: z.string(), title: z.string().nullish() }),
  ),
});

const MessageItemSchema = z.object({
  type: z.literal('message'),
  content: z.array(
    z.looseObject({
      type: z.string(),
      text: z.string().nullish(),
      annotations: z.array(Item).nullish(),
    }),
  ),
});

const UrlCitationSchema = z.object({
  type: z.literal('url_citation'),
  url: z.string(),
  title: z.string().nullish(),
});

const ResponseSchema = z.object({
  status: z.string(),
  model: z.string(),
  output: z.array(Item),
  error: ErrorInfoSchema.nullish(),
  usage: z
    .object({
      input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
      total_tokens: z.number().nullish(),
      tool_calls_details: z
        .record(z.string(), z.object({ invocation: z.number().nullish() }))
        .nullish(),
    })
    .nullish(),
});

const ErrorBodySchema = z.object({ error: ErrorInfoSchema });

export function createPerplexityProvider(config: KeyedFamilyConfig, deps: AdapterDeps): Provider {
  return jsonProvider('perplexity', config, deps, {
    url: joinUrl(config.baseUrl, 'v1/agent'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    body: (request) => buildRequestBody(config, request),
    failure: perplexityFailure,
    answer: (request, response) => toAskResult(config, request, response),
  });
}

function buildRequestBody(config: KeyedFamilyConfig, request: AskRequest) {
  const base = {
    model: config.model,
    input: request.prompt,
    max_output_tokens: config.maxOutputTokens,
  };
  return request.mode === 'raw' ? base : { ...base, tools: [{ type: 'web_search' }] };
}

interface NumberedSource {
  id: number | null;
  url: string;
  title: string | null | undefined;
}

function toAskResult(
  config: KeyedFamilyConfig,
  request: AskRequest,
  response: RawResponse,
): AskResult {
  const { status } = response;
  const body = readReply('perplexity', ResponseSchema, response);
  if (body.status === 'failed' || body.status === 'cancelled') {
    throw failedRun(body.status, body.error ?? null);
  }
  const read = readOutput(body.output, status);
  const text = requireAnswerText('perplexity', read.texts.join('\n\n'), status);
  const markers = citedMarkers(text);
  const fromResults = read.results.map((result) => ({
    url: result.url,
    title: result.title,
    cited: result.id !== null && markers.has(result.id),
  }));
  const invocations = body.usage?.tool_calls_details?.search_web?.invocation ?? 0;
  return {
    provider: 'perplexity',
    model: body.model || config.model,
    mode: request.mode,
    text,
    searched: read.searchItems > 0 || invocations > 0,
    searchQueries: uniqueQueries(read.queries),
    citations: collectCitations([...read.annotated, ...fromResults]),
    usage: usageOf(body.usage?.input_tokens, body.usage?.output_tokens, body.usage?.total_tokens),
    latencyMs: response.latencyMs,
  };
}

interface OutputRead {
  texts: string[];
  /** URLs the message's annotations cite. */
  annotated: CitationInput[];
  /** The search results, with the ids the text's `[n]` markers refer to. */
  results: NumberedSource[];
  queries: string[];
  searchItems: number;
}

/** The output items in order: each message's text, and each search_results item's pages. */
function readOutput(output: readonly z.infer<typeof Item>[], status: number): OutputRead {
  const read: OutputRead = {
    texts: [],
    annotated: [],
    results: [],
    queries: [],
    searchItems: 0,
  };
  for (const item of output) {
    if (item.type === 'search_results') {
      read.searchItems += 1;
      const parsed = parseShape('perplexity', SearchResultsItemSchema, item, status);
      read.queries.push(...(parsed.queries ?? []));
      for (const result of parsed.results) {
        read.results.push({ id: result.id ?? null, url: result.url, title: result.title });
      }
    } else if (item.type === 'message') {
      const message = parseShape('perplexity', MessageItemSchema, item, status);
      read.texts.push(readMessage(message, read.annotated, status));
    }
  }
  return read;
}

function readMessage(
  message: z.infer<typeof MessageItemSchema>,
  annotated: CitationInput[],
  status: number,
): string {
  let text = '';
  for (const part of message.content) {
    if (part.type !== 'output_text') continue;
    text += part.text ?? '';
    for (const annotation of part.annotations ?? []) {
      if (annotation.type !== 'url_citation') continue;
      const citation = parseShape('perplexity', UrlCitationSchema, annotation, status);
      annotated.push({ url: citation.url, title: citation.title, cited: true });
    }
  }
  return text;
}

/** The 1-based `[n]` markers the text refers to (`[1]`, `[2][3]`). */
function citedMarkers(text: string): Set<number> {
  return new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])));
}

function failedRun(status: string, error: z.infer<typeof ErrorInfoSchema> | null): ProviderError {
  const label = `${error?.type ?? ''} ${error?.code ?? ''}`.toLowerCase();
  return new ProviderError(
    'perplexity',
    failedRunType(label),
    `perplexity run ${status} inside a 200 response: ${error?.message ?? 'no error detail'}`,
    { status: 200 },
  );
}

/**
 * A failed run is usually an upstream model error, so retryable unless its type or code names
 * the request (checked first) or a rate limit. Whole tokens only: "moderated" is no "rate".
 */
function failedRunType(label: string): ProviderErrorType {
  const tokens = label.split(/[^a-z_]+/).filter(Boolean);
  const rejected =
    /^(invalid|bad_request|forbidden|unauthori|permission|quota|insufficient|billing|content_|moderat|safety|blocked)/;
  if (tokens.some((token) => rejected.test(token) || token.includes('moderat'))) return 'rejected';
  if (tokens.some((token) => /^(rate_limit|request_rate_limit|too_many_requests)/.test(token))) {
    return 'throttled';
  }
  return 'unavailable';
}

function perplexityFailure(response: RawResponse): ProviderError {
  const parsed = ErrorBodySchema.safeParse(tryParseJson(response.text));
  return httpFailure('perplexity', response, {
    message: parsed.success ? parsed.data.error.message : null,
  });
}
