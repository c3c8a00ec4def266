/**
 * Anthropic Messages API (`POST {base}/v1/messages`). Online mode adds the server-side
 * `web_search` tool. Cited sources come from text blocks' `web_search_result_location`
 * citations, retrieved ones from `web_search_tool_result` blocks. A search error reported
 * inside a 200 (`web_search_tool_result_error`) is an error, not a quietly ungrounded answer,
 * with one exception: `max_uses_exceeded` after successful searches is our own search cap
 * taking effect, and the grounded answer stands.
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
import { httpFailure, type RawResponse, throttleDelayFromHeaders } from './http.ts';
import { jsonProvider, readReply } from './json-provider.ts';
import { parseShape, tryParseJson } from './parse.ts';

export const ANTHROPIC_VERSION = '2023-06-01';
export const ANTHROPIC_WEB_SEARCH_TOOL = 'web_search_20250305';
// Enough for a comparison prompt; each search is billed separately.
const MAX_SEARCHES = 5;

const Block = z.looseObject({ type: z.string() });

const TextBlockSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(Block).nullish(),
});

const SearchResultLocationSchema = z.object({
  type: z.literal('web_search_result_location'),
  url: z.string(),
  title: z.string().nullish(),
});

const SearchResultSchema = z.object({
  type: z.literal('web_search_result'),
  url: z.string(),
  title: z.string().nullish(),
});

const SearchToolResultSchema = z.object({
  type: z.literal('web_search_tool_result'),
  content: z.union([
    z.array(Block),
    z.object({ type: z.literal('web_search_tool_result_error'), error_code: z.string() }),
  ]),
});

/** A web_search call: `input.query` is the query the model sent. */
const ServerToolUseSchema = z.object({
  type: z.literal('server_tool_use'),
  name: z.string(),
  input: z.looseObject({ query: z.string().nullish() }).nullish(),
});

const MessageSchema = z.object({
  type: z.literal('message'),
  model: z.string(),
  content: z.array(Block),
  stop_reason: z.string().nullish(),
  usage: z
    .object({
      input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
      server_tool_use: z.object({ web_search_requests: z.number().nullish() }).nullish(),
    })
    .nullish(),
});

const ErrorBodySchema = z.object({
  type: z.literal('error'),
  error: z.object({ type: z.string(), message: z.string().nullish() }),
});

export function createAnthropicProvider(config: KeyedFamilyConfig, deps: AdapterDeps): Provider {
  return jsonProvider('anthropic', config, deps, {
    url: joinUrl(config.baseUrl, 'v1/messages'),
    headers: { 'x-api-key': config.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
    body: (request) => buildRequestBody(config, request),
    failure: anthropicFailure,
    answer: (request, response) => toAskResult(config, request, response),
  });
}

function buildRequestBody(config: KeyedFamilyConfig, request: AskRequest) {
  const base = {
    model: config.model,
    max_tokens: config.maxOutputTokens,
    messages: [{ role: 'user', content: request.prompt }],
  };
  if (request.mode === 'raw') return base;
  return {
    ...base,
    tools: [{ type: ANTHROPIC_WEB_SEARCH_TOOL, name: 'web_search', max_uses: MAX_SEARCHES }],
  };
}

function toAskResult(
  config: KeyedFamilyConfig,
  request: AskRequest,
  response: RawResponse,
): AskResult {
  const { status } = response;
  const message = readReply('anthropic', MessageSchema, response);
  refuseUnfinishedTurn(message.stop_reason, status);
  const read = readContent(message, status);
  const failed = read.searchErrors.find(
    (code) => code !== 'max_uses_exceeded' || read.searchResults === 0,
  );
  if (failed !== undefined) throw searchToolError(failed, response);
  const text = read.passages
    .map((passage) => passage.join('').trim())
    .filter(Boolean)
    .join('\n\n');
  if (text === '' && message.stop_reason === 'max_tokens') {
    throw truncatedBeforeText('anthropic', 'max_tokens', status);
  }
  return {
    provider: 'anthropic',
    model: message.model || config.model,
    mode: request.mode,
    text: requireAnswerText('anthropic', text, status),
    searched: read.searched,
    searchQueries: uniqueQueries(read.queries),
    citations: collectCitations(read.sources),
    usage: usageOf(message.usage?.input_tokens, message.usage?.output_tokens),
    latencyMs: response.latencyMs,
  };
}

/** A refused turn is the provider's verdict; a paused one is unfinished (a long search). */
function refuseUnfinishedTurn(stopReason: string | null | undefined, status: number): void {
  if (stopReason === 'refusal') {
    throw new ProviderError(
      'anthropic',
      'rejected',
      'anthropic declined to answer (stop_reason refusal)',
      { status },
    );
  }
  // Asking again restarts a paused turn.
  if (stopReason === 'pause_turn') {
    throw new ProviderError(
      'anthropic',
      'unavailable',
      'anthropic paused the turn (stop_reason pause_turn)',
      { status },
    );
  }
}

interface ContentRead {
  passages: string[][];
  sources: CitationInput[];
  searchErrors: string[];
  queries: string[];
  searchResults: number;
  searched: boolean;
}

/**
 * The content blocks in order. Consecutive text blocks are one passage split at citations; a
 * tool block between them separates passages (the preamble before a search from the answer).
 */
function readContent(message: z.infer<typeof MessageSchema>, status: number): ContentRead {
  const read: ContentRead = {
    passages: [[]],
    sources: [],
    searchErrors: [],
    queries: [],
    searchResults: 0,
    searched: (message.usage?.server_tool_use?.web_search_requests ?? 0) > 0,
  };
  for (const block of message.content) {
    if (block.type !== 'text' && read.passages.at(-1)?.length) read.passages.push([]);
    if (block.type === 'text') {
      const text = parseShape('anthropic', TextBlockSchema, block, status);
      read.passages.at(-1)?.push(readTextBlock(text, read.sources, status));
    } else if (block.type === 'server_tool_use' && block.name === 'web_search') {
      read.searched = true;
      const call = parseShape('anthropic', ServerToolUseSchema, block, status);
      if (call.input?.query) read.queries.push(call.input.query);
    } else if (block.type === 'web_search_tool_result') {
      read.searched = true;
      const result = parseShape('anthropic', SearchToolResultSchema, block, status);
      if (Array.isArray(result.content)) {
        read.searchResults += readSearchResults(result.content, read.sources, status);
      } else {
        read.searchErrors.push(result.content.error_code);
      }
    }
  }
  return read;
}

function readTextBlock(
  block: z.infer<typeof TextBlockSchema>,
  sources: CitationInput[],
  status: number,
): string {
  for (const citation of block.citations ?? []) {
    if (citation.type !== 'web_search_result_location') continue;
    const location = parseShape('anthropic', SearchResultLocationSchema, citation, status);
    sources.push({ url: location.url, title: location.title, cited: true });
  }
  return block.text;
}

/** Records the retrieved results of one search; returns how many there were. */
function readSearchResults(
  entries: readonly z.infer<typeof Block>[],
  sources: CitationInput[],
  status: number,
): number {
  let count = 0;
  for (const entry of entries) {
    if (entry.type !== 'web_search_result') continue;
    const result = parseShape('anthropic', SearchResultSchema, entry, status);
    sources.push({ url: result.url, title: result.title, cited: false });
    count += 1;
  }
  return count;
}

const SEARCH_ERROR_TYPES: Record<string, ProviderErrorType> = {
  too_many_requests: 'throttled',
  unavailable: 'unavailable',
};

function searchToolError(code: string, response: RawResponse): ProviderError {
  const type = SEARCH_ERROR_TYPES[code] ?? 'rejected';
  return new ProviderError(
    'anthropic',
    type,
    `anthropic web search failed inside a 200 response: ${code}`,
    {
      status: response.status,
      // The 200 carries the same rate-limit headers as a 429 would.
      retryAfterSeconds: type === 'throttled' ? throttleDelayFromHeaders(response.headers) : null,
    },
  );
}

function anthropicFailure(response: RawResponse): ProviderError {
  const parsed = ErrorBodySchema.safeParse(tryParseJson(response.text));
  const error = parsed.success ? parsed.data.error : null;
  return httpFailure('anthropic', response, {
    message: error ? `${error.type}: ${error.message ?? ''}`.trim() : null,
    type: errorTypeForAnthropic(error?.type),
  });
}

/** Body types that say more than the status: overloaded (529) and billing are unambiguous. */
function errorTypeForAnthropic(type: string | undefined): ProviderErrorType | undefined {
  if (type === 'overloaded_error' || type === 'api_error') return 'unavailable';
  if (type === 'billing_error') return 'rejected';
  return undefined;
}
