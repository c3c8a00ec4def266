/**
 * OpenAI Responses API (`POST {base}/responses`). Online mode adds the hosted `web_search`
 * tool and asks for the search call's sources; the model decides whether to search.
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
  truncatedBeforeText,
  usageOf,
} from './adapter.ts';
import { type CitationInput, collectCitations, uniqueQueries } from './citations.ts';
import { httpFailure, type RawResponse } from './http.ts';
import { jsonProvider, readReply } from './json-provider.ts';
import { parseShape, tryParseJson } from './parse.ts';

const Item = z.looseObject({ type: z.string() });

const UrlCitationSchema = z.object({
  type: z.literal('url_citation'),
  url: z.string(),
  title: z.string().nullish(),
});

const OutputTextSchema = z.object({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(Item).nullish(),
});

const MessageSchema = z.object({
  type: z.literal('message'),
  role: z.string().optional(),
  content: z.array(Item),
});

const WebSearchCallSchema = z.object({
  type: z.literal('web_search_call'),
  status: z.string().optional(),
  action: z
    .looseObject({
      type: z.string().optional(),
      // `queries` replaces the deprecated single `query`; either may come.
      query: z.string().nullish(),
      queries: z.array(z.string()).nullish(),
      sources: z.array(z.looseObject({ url: z.string().optional() })).nullish(),
    })
    .nullish(),
});

const ResponseSchema = z.object({
  status: z.string(),
  error: z.object({ code: z.string().nullish(), message: z.string() }).nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  model: z.string(),
  output: z.array(Item),
  usage: z
    .object({
      input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
      total_tokens: z.number().nullish(),
    })
    .nullish(),
});

const ErrorBodySchema = z.object({
  error: z.object({
    message: z.string().nullish(),
    type: z.string().nullish(),
    code: z.string().nullish(),
  }),
});

/** OpenAI's SDK convention puts `/v1` in the base URL; a bare origin (the simulator) works too. */
export function openAiResponsesUrl(baseUrl: string): string {
  const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return joinUrl(baseUrl, path.endsWith('/v1') ? 'responses' : 'v1/responses');
}

export function createOpenAiProvider(config: KeyedFamilyConfig, deps: AdapterDeps): Provider {
  return jsonProvider('openai', config, deps, {
    url: openAiResponsesUrl(config.baseUrl),
    headers: { authorization: `Bearer ${config.apiKey}` },
    body: (request) => buildRequestBody(config, request),
    failure: openAiFailure,
    answer: (request, response) => toAskResult(config, request, response),
  });
}

function buildRequestBody(config: KeyedFamilyConfig, request: AskRequest) {
  const base = {
    model: config.model,
    input: request.prompt,
    max_output_tokens: config.maxOutputTokens,
    // Nothing is stored at OpenAI: the monitor keeps its own copy of every answer.
    store: false,
  };
  if (request.mode === 'raw') return base;
  return {
    ...base,
    tools: [{ type: 'web_search' }],
    tool_choice: 'auto',
    include: ['web_search_call.action.sources'],
  };
}

function toAskResult(
  config: KeyedFamilyConfig,
  request: AskRequest,
  response: RawResponse,
): AskResult {
  const { status } = response;
  const body = readReply('openai', ResponseSchema, response);
  const incompleteReason = refuseUnfinishedRun(body, status);
  const read = readOutput(body.output, status);
  const text = read.texts.join('\n\n');
  if (text.trim() === '' && read.refusals.length > 0) {
    throw new ProviderError('openai', 'rejected', `openai refused: ${read.refusals.join(' ')}`, {
      status,
    });
  }
  if (text.trim() === '' && incompleteReason === 'max_output_tokens') {
    throw truncatedBeforeText('openai', 'max_output_tokens', status);
  }
  const citations = collectCitations(read.sources);
  return {
    provider: 'openai',
    model: body.model || config.model,
    mode: request.mode,
    text: requireAnswerText('openai', text, status),
    searched: read.searched || citations.some((citation) => citation.cited),
    searchQueries: uniqueQueries(read.queries),
    citations,
    usage: usageOf(body.usage?.input_tokens, body.usage?.output_tokens, body.usage?.total_tokens),
    latencyMs: response.latencyMs,
  };
}

/**
 * A failed or cancelled run, and an answer the content filter withheld, are errors. Otherwise
 * the reason an incomplete run stopped early (none when it completed).
 */
function refuseUnfinishedRun(
  body: z.infer<typeof ResponseSchema>,
  status: number,
): string | null | undefined {
  if (body.status === 'failed' || body.status === 'cancelled') {
    throw failedRun(body.error?.code ?? null, body.error?.message ?? body.status, status);
  }
  const incompleteReason = body.status === 'incomplete' ? body.incomplete_details?.reason : null;
  if (incompleteReason === 'content_filter') {
    throw new ProviderError('openai', 'rejected', 'openai withheld the answer: content_filter', {
      status,
    });
  }
  return incompleteReason;
}

interface OutputRead {
  texts: string[];
  refusals: string[];
  sources: CitationInput[];
  queries: string[];
  searched: boolean;
}

/**
 * The output items in order: each message's text, refusals and cited URLs, and each web search
 * call's queries and sources.
 */
function readOutput(output: readonly z.infer<typeof Item>[], status: number): OutputRead {
  const read: OutputRead = {
    texts: [],
    refusals: [],
    sources: [],
    queries: [],
    searched: false,
  };
  for (const item of output) {
    if (item.type === 'message') {
      const message = parseShape('openai', MessageSchema, item, status);
      read.texts.push(readMessage(message, read.sources, read.refusals, status));
    } else if (item.type === 'web_search_call') {
      read.searched = true;
      const call = parseShape('openai', WebSearchCallSchema, item, status);
      read.queries.push(...searchQueriesOf(call));
      for (const source of call.action?.sources ?? []) {
        if (source.url) read.sources.push({ url: source.url, cited: false });
      }
    }
  }
  return read;
}

/** The call's `queries`, or else its deprecated single `query`. */
function searchQueriesOf(call: z.infer<typeof WebSearchCallSchema>): string[] {
  if (call.action?.queries) return call.action.queries;
  return call.action?.query ? [call.action.query] : [];
}

/**
 * Joins the message's output_text parts, records its url_citation annotations, and collects
 * refusal parts (the model declined; the text is the reason).
 */
function readMessage(
  message: z.infer<typeof MessageSchema>,
  sources: CitationInput[],
  refusals: string[],
  status: number,
): string {
  let text = '';
  for (const part of message.content) {
    if (part.type === 'refusal' && typeof part.refusal === 'string') refusals.push(part.refusal);
    if (part.type !== 'output_text') continue;
    const outputText = parseShape('openai', OutputTextSchema, part, status);
    text += outputText.text;
    for (const annotation of outputText.annotations ?? []) {
      if (annotation.type !== 'url_citation') continue;
      const citation = parseShape('openai', UrlCitationSchema, annotation, status);
      sources.push({ url: citation.url, title: citation.title, cited: true });
    }
  }
  return text;
}

function failedRun(code: string | null, message: string, status: number): ProviderError {
  const type: ProviderErrorType =
    code === 'rate_limit_exceeded'
      ? 'throttled'
      : code === 'server_error'
        ? 'unavailable'
        : 'rejected';
  return new ProviderError('openai', type, `openai run failed (${code ?? 'no code'}): ${message}`, {
    status,
  });
}

function openAiFailure(response: RawResponse): ProviderError {
  const parsed = ErrorBodySchema.safeParse(tryParseJson(response.text));
  const error = parsed.success ? parsed.data.error : null;
  // A 429 for an exhausted quota is a billing problem: waiting does not help.
  const billing = error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota';
  return httpFailure('openai', response, {
    message: error?.message ?? null,
    type: billing ? 'rejected' : undefined,
    bodyRetryAfterSeconds: retryDelayInMessage(error?.message),
  });
}

/** OpenAI's 429 messages say "Please try again in 2.5s" (or "in 120ms"). */
function retryDelayInMessage(message: string | null | undefined): number | null {
  const match = /try again in (\d+(?:\.\d+)?)(ms|s)\b/i.exec(message ?? '');
  if (!match) return null;
  const amount = Number(match[1]);
  return match[2]?.toLowerCase() === 'ms' ? amount / 1000 : amount;
}
