/** OpenAI Responses API: `POST /v1/responses` (also `/responses` for a bare-origin base URL). */
import { approximateTokens, emptyAnswer, type SimulatedAnswer } from './answer.ts';
import type { FaultSpec } from './faults.ts';
import { type LimitState, TOKENS_PER_REQUEST } from './quotas.ts';
import {
  type AskedQuestion,
  bearerToken,
  DEFAULT_THROTTLE_SECONDS,
  type FamilyWire,
  goDuration,
  json,
  nowSeconds,
  type SimResponse,
  truncated,
} from './wire.ts';

const KNOWN_TOOLS = new Set(['web_search', 'web_search_2025_08_26', 'web_search_preview']);

export const openAiWire: FamilyWire = {
  family: 'openai',
  routes: (method, pathname) =>
    method === 'POST' && (pathname === '/v1/responses' || pathname === '/responses'),
  apiKey: (request) => bearerToken(request),
  invalidReason(request) {
    const { body } = request;
    if (typeof body.model !== 'string') return "Missing required parameter: 'model'.";
    if (body.input === undefined) return "Missing required parameter: 'input'.";
    for (const tool of toolsOf(body)) {
      if (!KNOWN_TOOLS.has(String(tool.type))) return `Invalid value: '${tool.type}'.`;
    }
    return null;
  },
  read(request) {
    const { body } = request;
    const online = toolsOf(body).some((tool) => KNOWN_TOOLS.has(String(tool.type)));
    return {
      prompt: inputText(body.input),
      mode: online ? 'online' : 'raw',
      model: String(body.model),
    };
  },
  answer: (question, answer, ids, limits) =>
    json(200, responseBody(question, answer, ids), rateHeaders(ids, limits)),
  overQuota: (question, limits, seconds, ids) =>
    openAiError(
      429,
      `Rate limit reached for ${question.model} in organization org-simulated on requests per min (RPM): Limit ${limits.rpm}, Used ${limits.rpm}, Requested 1. Please try again in ${Math.max(1, Math.round(seconds * 1000))}ms.`,
      'requests',
      'rate_limit_exceeded',
      rateHeaders(ids, { ...limits, remaining: 0, resetSeconds: seconds }),
    ),
  malformed: (question, ids) => truncated(responseBody(question, emptyAnswer(), ids)),
  badRequest: (message) => openAiError(400, message, 'invalid_request_error', null),
  tooLarge: (message) => openAiError(413, message, 'invalid_request_error', null),
  unauthorised: () =>
    openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
  fault: (fault, question, ids) => faultResponse(fault, question, ids),
};

function toolsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : [];
}

function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  return input
    .flatMap((item) => {
      const content = (item as { content?: unknown }).content;
      if (typeof content === 'string') return [content];
      if (!Array.isArray(content)) return [];
      return content.map((part) => String((part as { text?: unknown }).text ?? ''));
    })
    .join('\n');
}

function responseBody(question: AskedQuestion, answer: SimulatedAnswer, ids: string) {
  const online = question.mode === 'online';
  const { text, annotations } = renderText(answer);
  const output: unknown[] = [];
  if (online) {
    output.push({
      type: 'web_search_call',
      id: `ws_${ids}`,
      status: 'completed',
      action: {
        type: 'search',
        // `query` is deprecated in favour of `queries`; the API still sends both.
        query: answer.searchQuery,
        queries: [answer.searchQuery],
        sources: answer.sources.map((source) => ({ type: 'url', url: source.url })),
      },
    });
  }
  output.push({
    type: 'message',
    id: `msg_${ids}`,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations, logprobs: [] }],
  });
  const input = approximateTokens(question.prompt) + (online ? 2000 : 0);
  const outputTokens = approximateTokens(text);
  return {
    id: `resp_${ids}`,
    object: 'response',
    created_at: nowSeconds(),
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: question.model,
    output,
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + outputTokens,
    },
  };
}

/** Inline markdown links after cited sentences, each with its url_citation annotation. */
function renderText(answer: SimulatedAnswer) {
  let text = '';
  const annotations: unknown[] = [];
  for (const sentence of answer.sentences) {
    text += (text ? ' ' : '') + sentence.text;
    for (const index of sentence.sources) {
      const source = answer.sources[index];
      if (!source) continue;
      // OpenAI tags cited links with utm_source=openai; the adapter is expected to drop it.
      const url = `${source.url}?utm_source=openai`;
      const link = `([${source.domain}](${url}))`;
      const start = text.length + 1;
      text += ` ${link}`;
      annotations.push({
        type: 'url_citation',
        start_index: start,
        end_index: start + link.length,
        url,
        title: source.title,
      });
    }
  }
  return { text, annotations };
}

/** OpenAI's rate-limit headers: the limits, what is left, and when each is full again. */
function rateHeaders(ids: string, limits: LimitState | undefined): Record<string, string> {
  if (!limits) return { 'x-request-id': `req_${ids}` };
  const tokens = limits.tpm ?? limits.rpm * TOKENS_PER_REQUEST;
  return {
    'x-request-id': `req_${ids}`,
    'x-ratelimit-limit-requests': String(limits.rpm),
    'x-ratelimit-remaining-requests': String(limits.remaining),
    'x-ratelimit-reset-requests': goDuration(limits.resetSeconds),
    'x-ratelimit-limit-tokens': String(tokens),
    'x-ratelimit-remaining-tokens': String(Math.max(0, tokens - 1000)),
    'x-ratelimit-reset-tokens': '300ms',
  };
}

/** What a fault's headers say of the limits: an exhausted limit that resets in `seconds`. */
const EXHAUSTED = (seconds: number): LimitState => ({
  rpm: 500,
  remaining: 0,
  resetSeconds: seconds,
});

function openAiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers: Record<string, string> = {},
): SimResponse {
  return json(status, { error: { message, type, param: null, code } }, headers);
}

function faultResponse(fault: FaultSpec, question: AskedQuestion, ids: string): SimResponse {
  const seconds = fault.retryAfterSeconds ?? DEFAULT_THROTTLE_SECONDS;
  switch (fault.kind) {
    case 'throttle':
      return openAiError(
        429,
        `Rate limit reached for ${question.model} on requests per min. Please try again in ${seconds}s.`,
        'requests',
        'rate_limit_exceeded',
        throttleHeaders(fault, seconds, ids),
      );
    case 'billing':
      return openAiError(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      );
    case 'auth':
      return openAiWire.unauthorised();
    case 'error-in-200':
      return json(200, {
        ...responseBody(question, emptyAnswer(), ids),
        status: 'failed',
        output: [],
        error: { code: 'server_error', message: 'The model failed to generate a response.' },
      });
    default:
      return openAiError(
        500,
        'The server had an error while processing your request.',
        'server_error',
        null,
        {
          'x-request-id': `req_${ids}`,
        },
      );
  }
}

function throttleHeaders(fault: FaultSpec, seconds: number, ids: string): Record<string, string> {
  switch (fault.hint ?? 'retry-after') {
    case 'retry-after-ms':
      return { 'retry-after-ms': String(Math.round(seconds * 1000)), 'x-request-id': `req_${ids}` };
    case 'ratelimit-reset':
      return rateHeaders(ids, EXHAUSTED(seconds));
    case 'none':
      return { 'x-request-id': `req_${ids}` };
    default:
      return { 'retry-after': String(Math.ceil(seconds)), 'x-request-id': `req_${ids}` };
  }
}
