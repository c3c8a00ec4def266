/**
 * Gemini API: `POST /v1beta/models/{model}:generateContent` with the `google_search` tool.
 * Grounding chunks carry redirect URIs and the site's domain as title, as on the Gemini API;
 * support segments use UTF-8 byte offsets.
 */
import { approximateTokens, emptyAnswer, type SimulatedAnswer } from './answer.ts';
import type { FaultSpec } from './faults.ts';
import { idFrom } from './random.ts';
import {
  type AskedQuestion,
  DEFAULT_THROTTLE_SECONDS,
  type FamilyWire,
  headerOf,
  json,
  type SimResponse,
  truncated,
  type WireRequest,
} from './wire.ts';

const ROUTE = /^\/(v1beta|v1)\/models\/([^/:]+):generateContent$/;
const REDIRECT_BASE = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/';

export const googleWire: FamilyWire = {
  family: 'google',
  routes: (method, pathname) => method === 'POST' && ROUTE.test(pathname),
  hasCredentials: (request) =>
    Boolean(headerOf(request, 'x-goog-api-key')) || Boolean(request.query.get('key')),
  invalidReason(request) {
    const contents = request.body.contents;
    if (!Array.isArray(contents) || contents.length === 0) {
      return '* GenerateContentRequest.contents: contents is not specified';
    }
    return null;
  },
  read(request: WireRequest) {
    const model = decodeURIComponent(ROUTE.exec(request.pathname)?.[2] ?? 'gemini');
    const tools = Array.isArray(request.body.tools) ? (request.body.tools as object[]) : [];
    const online = tools.some((tool) => 'google_search' in tool || 'googleSearch' in tool);
    return { prompt: promptOf(request.body.contents), mode: online ? 'online' : 'raw', model };
  },
  answer: (question, answer, ids) => json(200, responseBody(question, answer, ids)),
  malformed: (question, ids) => truncated(responseBody(question, emptyAnswer(), ids)),
  badRequest: (message) => googleError(400, 'INVALID_ARGUMENT', message),
  tooLarge: (message) => googleError(400, 'INVALID_ARGUMENT', message),
  unauthorised: () =>
    googleError(403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers."),
  fault: (fault, question, ids) => faultResponse(fault, question, ids),
};

function promptOf(contents: unknown): string {
  if (!Array.isArray(contents)) return '';
  const last = contents.at(-1) as { parts?: { text?: unknown }[] } | undefined;
  return (last?.parts ?? []).map((part) => String(part.text ?? '')).join('\n');
}

function responseBody(question: AskedQuestion, answer: SimulatedAnswer, ids: string) {
  const online = question.mode === 'online';
  const text = answer.sentences.map((sentence) => sentence.text).join(' ');
  const candidate: Record<string, unknown> = {
    content: { role: 'model', parts: [{ text }] },
    finishReason: 'STOP',
    index: 0,
  };
  if (online) candidate.groundingMetadata = groundingOf(answer);
  const prompt = approximateTokens(question.prompt);
  const output = approximateTokens(text);
  const toolUse = online ? 300 : 0;
  return {
    candidates: [candidate],
    usageMetadata: {
      promptTokenCount: prompt,
      candidatesTokenCount: output,
      totalTokenCount: prompt + output + toolUse,
      ...(online ? { toolUsePromptTokenCount: toolUse } : {}),
    },
    modelVersion: question.model,
    responseId: ids,
  };
}

function groundingOf(answer: SimulatedAnswer) {
  const supports: unknown[] = [];
  let byteOffset = 0;
  for (const sentence of answer.sentences) {
    const bytes = Buffer.byteLength(sentence.text, 'utf8');
    if (sentence.sources.length > 0) {
      supports.push({
        segment: { startIndex: byteOffset, endIndex: byteOffset + bytes, text: sentence.text },
        groundingChunkIndices: sentence.sources,
        confidenceScores: sentence.sources.map(() => 0.9),
      });
    }
    byteOffset += bytes + 1;
  }
  return {
    webSearchQueries: [answer.searchQuery],
    groundingChunks: answer.sources.map((source) => ({
      // A web page goes through Google's redirect; anything else (a hostile test's
      // `javascript:` URL) is passed on as it is, as a careless provider would.
      web: {
        uri: /^https?:/.test(source.url) ? `${REDIRECT_BASE}${idFrom(source.url, 40)}` : source.url,
        title: source.domain,
      },
    })),
    groundingSupports: supports,
  };
}

function googleError(
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
): SimResponse {
  return json(
    code,
    { error: { code, message, status, ...(details.length ? { details } : {}) } },
    headers,
  );
}

function quotaFailure(model: string, quotaId: string) {
  return {
    '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
    violations: [
      {
        quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
        quotaId,
        quotaDimensions: { location: 'global', model },
        quotaValue: '1000',
      },
    ],
  };
}

function faultResponse(fault: FaultSpec, question: AskedQuestion, _ids: string): SimResponse {
  const seconds = fault.retryAfterSeconds ?? DEFAULT_THROTTLE_SECONDS;
  switch (fault.kind) {
    case 'throttle':
      return throttle(fault, seconds, question.model);
    case 'billing':
      return googleError(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
        [quotaFailure(question.model, 'GenerateRequestsPerDayPerProjectPerModel')],
      );
    case 'auth':
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'API key not valid. Please pass a valid API key.',
      );
    case 'error-in-200':
      return json(200, {
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
        usageMetadata: { promptTokenCount: approximateTokens(question.prompt), totalTokenCount: 0 },
        modelVersion: question.model,
      });
    default:
      return googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
  }
}

function throttle(fault: FaultSpec, seconds: number, model: string): SimResponse {
  const hint = fault.hint ?? 'retry-info';
  const quota = quotaFailure(model, 'GenerateRequestsPerMinutePerProjectPerModel');
  const base = 'You exceeded your current quota, please check your plan and billing details.';
  if (hint === 'retry-info') {
    return googleError(429, 'RESOURCE_EXHAUSTED', `${base} Please retry in ${seconds}s.`, [
      quota,
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` },
    ]);
  }
  // Google itself sends no Retry-After; the simulator offers it so header parsing can be exercised.
  const headers: Record<string, string> =
    hint === 'none' ? {} : { 'retry-after': String(Math.ceil(seconds)) };
  return googleError(429, 'RESOURCE_EXHAUSTED', base, [quota], headers);
}
