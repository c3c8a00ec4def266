/**
 * Perplexity Agent API: `POST /v1/agent`. Like the real API it rejects unknown request
 * fields with 400, and reports failed runs inside a 200 (`status: "failed"`).
 */
import { approximateTokens, emptyAnswer, type SimulatedAnswer } from './answer.ts';
import type { FaultSpec } from './faults.ts';
import type { LimitState } from './quotas.ts';
import {
  type AskedQuestion,
  bearerToken,
  DEFAULT_THROTTLE_SECONDS,
  type FamilyWire,
  json,
  nowSeconds,
  type SimResponse,
  truncated,
} from './wire.ts';

const REQUEST_FIELDS = new Set([
  'background',
  'input',
  'instructions',
  'language_preference',
  'max_output_tokens',
  'max_steps',
  'model',
  'models',
  'preset',
  'previous_response_id',
  'reasoning',
  'response_format',
  'skills',
  'store',
  'stream',
  'tools',
]);
const SEARCH_PRICE_USD = 0.005;

export const perplexityWire: FamilyWire = {
  family: 'perplexity',
  routes: (method, pathname) => method === 'POST' && pathname === '/v1/agent',
  apiKey: (request) => bearerToken(request),
  invalidReason(request) {
    const { body } = request;
    const unknown = Object.keys(body).filter((key) => !REQUEST_FIELDS.has(key));
    if (unknown.length > 0) return `Unknown field(s): ${unknown.join(', ')}`;
    if (body.input === undefined) return 'input is required';
    if (typeof body.model !== 'string' && typeof body.preset !== 'string') {
      return 'model is required if preset is not provided';
    }
    return null;
  },
  read(request) {
    const { body } = request;
    const tools = Array.isArray(body.tools) ? (body.tools as { type?: unknown }[]) : [];
    const online =
      typeof body.preset === 'string' || tools.some((tool) => tool.type === 'web_search');
    const input = typeof body.input === 'string' ? body.input : JSON.stringify(body.input);
    return {
      prompt: input,
      mode: online ? 'online' : 'raw',
      model: typeof body.model === 'string' ? body.model : 'perplexity/sonar',
    };
  },
  answer: (question, answer, ids, limits) =>
    json(200, responseBody(question, answer, ids), rateHeaders(limits)),
  overQuota: (_question, limits, seconds) =>
    perplexityError(
      429,
      'Rate limit exceeded. Please slow down your requests.',
      'request_rate_limit_exceeded',
      {
        'retry-after': String(Math.max(1, Math.ceil(seconds))),
        ...rateHeaders({ ...limits, remaining: 0, resetSeconds: seconds }),
      },
    ),
  malformed: (question, ids) => truncated(responseBody(question, emptyAnswer(), ids)),
  badRequest: (message) => perplexityError(400, message, 'invalid_request'),
  tooLarge: (message) => perplexityError(413, message, 'payload_too_large'),
  unauthorised: () => perplexityError(401, 'Invalid API key provided.', 'unauthorized'),
  fault: (fault, question, ids) => faultResponse(fault, question, ids),
};

function responseBody(question: AskedQuestion, answer: SimulatedAnswer, ids: string) {
  const online = question.mode === 'online';
  // Sources are numbered [1], [2], ... in the order of the search_results item.
  const text = answer.sentences
    .map((sentence) => sentence.text + sentence.sources.map((index) => `[${index + 1}]`).join(''))
    .join(' ');
  const message = {
    type: 'message',
    id: `msg_${ids}`,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
  return {
    id: `resp_${ids}`,
    object: 'response',
    created_at: nowSeconds(),
    completed_at: nowSeconds(),
    status: 'completed',
    model: question.model,
    output: online ? [searchResultsItem(answer), message] : [message],
    usage: usageOf(question, text, online),
  };
}

/** The `search_results` output item of an online answer: the query and the pages found. */
function searchResultsItem(answer: SimulatedAnswer) {
  return {
    type: 'search_results',
    queries: [answer.searchQuery],
    results: answer.sources.map((source, index) => ({
      id: index + 1,
      url: source.url,
      title: source.title,
      snippet: source.snippet,
      date: '2026-04-03',
      last_updated: '2026-05-01',
      source: 'web',
    })),
  };
}

/** Tokens and their cost in dollars; an online answer adds one web search at its fixed price. */
function usageOf(question: AskedQuestion, text: string, online: boolean) {
  const input = approximateTokens(question.prompt) + (online ? 1500 : 0);
  const outputTokens = approximateTokens(text);
  const searchCost = online ? SEARCH_PRICE_USD : 0;
  return {
    input_tokens: input,
    output_tokens: outputTokens,
    total_tokens: input + outputTokens,
    cost: {
      currency: 'USD',
      input_cost: input / 1e6,
      output_cost: outputTokens / 1e6,
      tool_calls_cost: searchCost,
      total_cost: (input + outputTokens) / 1e6 + searchCost,
    },
    ...(online ? { tool_calls_details: { search_web: { invocation: 1 } } } : {}),
  };
}

/** Perplexity's X-RateLimit headers: the request limit, what is left, seconds until full. */
function rateHeaders(limits: LimitState | undefined): Record<string, string> {
  if (!limits) return {};
  return {
    'x-ratelimit-limit': String(limits.rpm),
    'x-ratelimit-remaining': String(limits.remaining),
    'x-ratelimit-reset': String(Math.round(limits.resetSeconds * 1000) / 1000),
  };
}

const EXHAUSTED = (seconds: number): LimitState => ({
  rpm: 50,
  remaining: 0,
  resetSeconds: seconds,
});

function perplexityError(
  status: number,
  message: string,
  type: string,
  headers: Record<string, string> = {},
): SimResponse {
  return json(status, { error: { message, type, code: status } }, headers);
}

function faultResponse(fault: FaultSpec, question: AskedQuestion, ids: string): SimResponse {
  const seconds = fault.retryAfterSeconds ?? DEFAULT_THROTTLE_SECONDS;
  switch (fault.kind) {
    case 'throttle':
      return perplexityError(
        429,
        'Rate limit exceeded. Please slow down your requests.',
        'request_rate_limit_exceeded',
        throttleHeaders(fault, seconds),
      );
    case 'billing':
      return perplexityError(
        401,
        'Insufficient credits. Add funds to continue.',
        'insufficient_quota',
      );
    case 'auth':
      return perplexityWire.unauthorised();
    case 'error-in-200':
      return json(200, {
        ...responseBody(question, emptyAnswer(), ids),
        status: 'failed',
        output: [],
        error: {
          message: 'Upstream model returned an error.',
          type: 'model_error',
          code: 'upstream_error',
        },
      });
    default:
      return perplexityError(502, 'Bad gateway', 'bad_gateway');
  }
}

function throttleHeaders(fault: FaultSpec, seconds: number): Record<string, string> {
  switch (fault.hint ?? 'retry-after') {
    case 'ratelimit-reset':
      return rateHeaders(EXHAUSTED(seconds));
    case 'retry-after-ms':
      return { 'retry-after-ms': String(Math.round(seconds * 1000)) };
    case 'none':
      return {};
    default:
      return { 'retry-after': String(Math.ceil(seconds)), ...rateHeaders(EXHAUSTED(seconds)) };
  }
}
