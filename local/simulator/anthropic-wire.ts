/** Anthropic Messages API: `POST /v1/messages` with the server `web_search` tool. */
import { approximateTokens, emptyAnswer, type SimulatedAnswer } from './answer.ts';
import type { FaultSpec } from './faults.ts';
import { type LimitState, TOKENS_PER_REQUEST } from './quotas.ts';
import { idFrom } from './random.ts';
import {
  type AskedQuestion,
  DEFAULT_THROTTLE_SECONDS,
  type FamilyWire,
  headerOf,
  json,
  type SimResponse,
  truncated,
} from './wire.ts';

export const anthropicWire: FamilyWire = {
  family: 'anthropic',
  routes: (method, pathname) => method === 'POST' && pathname === '/v1/messages',
  apiKey: (request) =>
    headerOf(request, 'x-api-key') ||
    /^Bearer\s+(\S.*)$/i.exec(headerOf(request, 'authorization') ?? '')?.[1] ||
    undefined,
  invalidReason(request) {
    const { body } = request;
    if (!headerOf(request, 'anthropic-version')) return 'anthropic-version: header is required';
    if (typeof body.model !== 'string') return 'model: Field required';
    if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return 'messages: Field required';
    }
    for (const tool of toolsOf(body)) {
      if (String(tool.type).startsWith('web_search_') && tool.name !== 'web_search') {
        return "tools.0.name: Input should be 'web_search'";
      }
    }
    return null;
  },
  read(request) {
    const { body } = request;
    const online = toolsOf(body).some((tool) => String(tool.type).startsWith('web_search_'));
    return {
      prompt: lastUserText(body.messages),
      mode: online ? 'online' : 'raw',
      model: String(body.model),
    };
  },
  answer: (question, answer, ids, limits) =>
    json(200, messageBody(question, answer, ids), rateHeaders(ids, limits)),
  overQuota: (_question, limits, seconds, ids) =>
    anthropicError(
      429,
      'rate_limit_error',
      `This request would exceed your organization's rate limit of ${limits.rpm} requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.`,
      {
        'retry-after': String(Math.max(1, Math.ceil(seconds))),
        ...rateHeaders(ids, { ...limits, remaining: 0, resetSeconds: seconds }),
      },
    ),
  malformed: (question, ids) => truncated(messageBody(question, emptyAnswer(), ids)),
  badRequest: (message) => anthropicError(400, 'invalid_request_error', message),
  tooLarge: (message) => anthropicError(413, 'request_too_large', message),
  unauthorised: () => anthropicError(401, 'authentication_error', 'invalid x-api-key'),
  fault: (fault, question, ids) => faultResponse(fault, question, ids),
};

function toolsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : [];
}

function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  const last = [...messages].reverse().find((m) => (m as { role?: unknown }).role === 'user') as
    | { content?: unknown }
    | undefined;
  if (typeof last?.content === 'string') return last.content;
  if (!Array.isArray(last?.content)) return '';
  return last.content.map((part) => String((part as { text?: unknown }).text ?? '')).join('\n');
}

function messageBody(question: AskedQuestion, answer: SimulatedAnswer, ids: string) {
  const online = question.mode === 'online';
  return {
    id: `msg_${ids}`,
    type: 'message',
    role: 'assistant',
    model: question.model,
    content: [...(online ? searchBlocks(answer, ids) : []), ...textBlocks(answer)],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: approximateTokens(question.prompt) + (online ? 3000 : 0),
      output_tokens: approximateTokens(answer.sentences.map((s) => s.text).join(' ')),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      server_tool_use: { web_search_requests: online ? 1 : 0 },
      service_tier: 'standard',
    },
  };
}

/** What an online answer starts with: a line of intent, the search call and its results. */
function searchBlocks(answer: SimulatedAnswer, ids: string): unknown[] {
  return [
    { type: 'text', text: "I'll search for current information." },
    {
      type: 'server_tool_use',
      id: `srvtoolu_${ids}`,
      name: 'web_search',
      input: { query: answer.searchQuery },
    },
    {
      type: 'web_search_tool_result',
      tool_use_id: `srvtoolu_${ids}`,
      content: answer.sources.map((source) => ({
        type: 'web_search_result',
        url: source.url,
        title: source.title,
        encrypted_content: idFrom(`${source.url}#content`, 48),
        page_age: 'April 3, 2026',
      })),
    },
  ];
}

/** One text block per sentence, carrying a citation of each source the sentence rests on. */
function textBlocks(answer: SimulatedAnswer): unknown[] {
  return answer.sentences.map((sentence, index) => {
    const text = (index > 0 ? ' ' : '') + sentence.text;
    const citations = sentence.sources.flatMap((sourceIndex) => {
      const source = answer.sources[sourceIndex];
      if (!source) return [];
      return [
        {
          type: 'web_search_result_location',
          url: source.url,
          title: source.title,
          encrypted_index: idFrom(`${source.url}#index`, 32),
          cited_text: source.snippet,
        },
      ];
    });
    return citations.length > 0 ? { type: 'text', text, citations } : { type: 'text', text };
  });
}

/** Anthropic's rate-limit headers: limits, what is left, and when each is full (RFC 3339). */
function rateHeaders(ids: string, limits: LimitState | undefined): Record<string, string> {
  if (!limits) return { 'request-id': `req_${ids}` };
  const at = (seconds: number) =>
    new Date(Date.now() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const tokens = limits.tpm ?? limits.rpm * TOKENS_PER_REQUEST;
  return {
    'request-id': `req_${ids}`,
    'anthropic-ratelimit-requests-limit': String(limits.rpm),
    'anthropic-ratelimit-requests-remaining': String(limits.remaining),
    'anthropic-ratelimit-requests-reset': at(limits.resetSeconds),
    'anthropic-ratelimit-tokens-limit': String(tokens),
    'anthropic-ratelimit-tokens-remaining': String(Math.max(0, tokens - 1000)),
    'anthropic-ratelimit-tokens-reset': at(1),
  };
}

const EXHAUSTED = (seconds: number): LimitState => ({
  rpm: 50,
  remaining: 0,
  resetSeconds: seconds,
});

function anthropicError(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): SimResponse {
  return json(
    status,
    { type: 'error', error: { type, message }, request_id: `req_${idFrom(message)}` },
    headers,
  );
}

function faultResponse(fault: FaultSpec, question: AskedQuestion, ids: string): SimResponse {
  const seconds = fault.retryAfterSeconds ?? DEFAULT_THROTTLE_SECONDS;
  switch (fault.kind) {
    case 'throttle':
      return anthropicError(
        429,
        'rate_limit_error',
        'This request would exceed the rate limit for your organization.',
        throttleHeaders(fault, seconds, ids),
      );
    case 'billing':
      return anthropicError(
        402,
        'billing_error',
        'Your credit balance is too low to access the API.',
      );
    case 'auth':
      return anthropicWire.unauthorised();
    case 'error-in-200':
      return json(200, searchErrorBody(question, ids), { 'request-id': `req_${ids}` });
    default:
      return anthropicError(529, 'overloaded_error', 'Overloaded', { 'request-id': `req_${ids}` });
  }
}

/** A 200 whose search failed: the error sits in the web_search_tool_result block. */
function searchErrorBody(question: AskedQuestion, ids: string) {
  return {
    ...messageBody({ ...question, mode: 'raw' }, emptyAnswer(), ids),
    content: [
      {
        type: 'server_tool_use',
        id: `srvtoolu_${ids}`,
        name: 'web_search',
        input: { query: question.prompt },
      },
      {
        type: 'web_search_tool_result',
        tool_use_id: `srvtoolu_${ids}`,
        content: { type: 'web_search_tool_result_error', error_code: 'unavailable' },
      },
      { type: 'text', text: 'I was unable to search the web right now.' },
    ],
  };
}

function throttleHeaders(fault: FaultSpec, seconds: number, ids: string): Record<string, string> {
  switch (fault.hint ?? 'retry-after') {
    case 'retry-after-ms':
      return { 'retry-after-ms': String(Math.round(seconds * 1000)), 'request-id': `req_${ids}` };
    case 'ratelimit-reset':
      return rateHeaders(ids, EXHAUSTED(seconds));
    case 'none':
      return { 'request-id': `req_${ids}` };
    default:
      return { 'retry-after': String(Math.ceil(seconds)), ...rateHeaders(ids, EXHAUSTED(seconds)) };
  }
}
