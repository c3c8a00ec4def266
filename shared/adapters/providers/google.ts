/**
 * Gemini API `generateContent` (`POST {base}/v1beta/models/{model}:generateContent`).
 * Online mode adds the `google_search` tool. Sources are the grounding chunks; a chunk is
 * cited when a grounding support refers to it. Chunk URIs are redirect proxies on the Gemini
 * API: the real URL is not given, so the chunk's title (which Google sets to the site's
 * domain) stands in as the domain; a title that is the page's own http(s) address stands for the
 * page. Redirects are not followed here: that is an outbound request to a third party. Only web
 * addresses are kept (citations.ts), a redirect's included.
 */
import { z } from 'zod';
import { isWebUrl } from '#shared/domain/kernel/net/web-url';
import {
  type AskRequest,
  type AskResult,
  type Provider,
  ProviderError,
} from '#shared/domain/monitor/provider-port';
import {
  type AdapterDeps,
  joinUrl,
  type KeyedFamilyConfig,
  requireAnswerText,
  truncatedBeforeText,
  usageOf,
} from './adapter.ts';
import {
  type CitationInput,
  collectCitations,
  domainOf,
  hostName,
  uniqueQueries,
} from './citations.ts';
import { httpFailure, type RawResponse, roundSeconds } from './http.ts';
import { jsonProvider, readReply } from './json-provider.ts';
import { tryParseJson } from './parse.ts';

const GroundingMetadataSchema = z.object({
  webSearchQueries: z.array(z.string()).nullish(),
  groundingChunks: z
    .array(
      z.object({
        web: z
          .object({
            uri: z.string().nullish(),
            title: z.string().nullish(),
            domain: z.string().nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
  groundingSupports: z
    .array(z.object({ groundingChunkIndices: z.array(z.number()).nullish() }))
    .nullish(),
});

const ResponseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({
            parts: z
              .array(z.object({ text: z.string().nullish(), thought: z.boolean().nullish() }))
              .nullish(),
          })
          .nullish(),
        finishReason: z.string().nullish(),
        groundingMetadata: GroundingMetadataSchema.nullish(),
      }),
    )
    .nullish(),
  promptFeedback: z.object({ blockReason: z.string().nullish() }).nullish(),
  usageMetadata: z
    .object({
      promptTokenCount: z.number().nullish(),
      candidatesTokenCount: z.number().nullish(),
      totalTokenCount: z.number().nullish(),
      toolUsePromptTokenCount: z.number().nullish(),
    })
    .nullish(),
  modelVersion: z.string().nullish(),
});

const ErrorBodySchema = z.object({
  error: z.object({
    code: z.number().nullish(),
    status: z.string().nullish(),
    message: z.string().nullish(),
    details: z.array(z.looseObject({ '@type': z.string().nullish() })).nullish(),
  }),
});

const REDIRECT_HOST = 'vertexaisearch.cloud.google.com';

/** Finish reasons under which Gemini withholds the answer: retrying the prompt will not help. */
const WITHHELD_FINISH_REASONS = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
]);

export function geminiGenerateUrl(baseUrl: string, model: string): string {
  const id = model.replace(/^models\//, '');
  return joinUrl(baseUrl, `v1beta/models/${encodeURIComponent(id)}:generateContent`);
}

export function createGoogleProvider(config: KeyedFamilyConfig, deps: AdapterDeps): Provider {
  return jsonProvider('google', config, deps, {
    url: geminiGenerateUrl(config.baseUrl, config.model),
    headers: { 'x-goog-api-key': config.apiKey },
    body: (request) => buildRequestBody(config, request),
    failure: geminiFailure,
    answer: (request, response) => toAskResult(config, request, response),
  });
}

function buildRequestBody(config: KeyedFamilyConfig, request: AskRequest) {
  const base = {
    contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
    generationConfig: { maxOutputTokens: config.maxOutputTokens },
  };
  return request.mode === 'raw' ? base : { ...base, tools: [{ google_search: {} }] };
}

function toAskResult(
  config: KeyedFamilyConfig,
  request: AskRequest,
  response: RawResponse,
): AskResult {
  const body = readReply('google', ResponseSchema, response);
  const candidate = body.candidates?.[0];
  if (candidate === undefined) throw noCandidate(body.promptFeedback?.blockReason, response);
  const finishReason = candidate.finishReason ?? null;
  if (finishReason !== null && WITHHELD_FINISH_REASONS.has(finishReason)) {
    throw new ProviderError('google', 'rejected', `google withheld the answer: ${finishReason}`, {
      status: response.status,
    });
  }
  const text = (candidate.content?.parts ?? [])
    .filter((part) => !part.thought)
    .map((part) => part.text ?? '')
    .join('');
  if (text.trim() === '' && finishReason === 'MAX_TOKENS') {
    throw truncatedBeforeText('google', 'MAX_TOKENS', response.status);
  }
  const answerText = requireAnswerText('google', text, response.status);
  const grounding = candidate.groundingMetadata;
  const citations = collectCitations(groundingSources(grounding));
  const searched =
    (grounding?.webSearchQueries?.length ?? 0) > 0 ||
    citations.length > 0 ||
    (body.usageMetadata?.toolUsePromptTokenCount ?? 0) > 0;
  const usage = body.usageMetadata;
  return {
    provider: 'google',
    model: body.modelVersion || config.model,
    mode: request.mode,
    text: answerText,
    searched,
    searchQueries: uniqueQueries(grounding?.webSearchQueries ?? []),
    citations,
    usage: usageOf(usage?.promptTokenCount, usage?.candidatesTokenCount, usage?.totalTokenCount),
    latencyMs: response.latencyMs,
  };
}

function groundingSources(
  grounding: z.infer<typeof GroundingMetadataSchema> | null | undefined,
): CitationInput[] {
  const supported = new Set(
    (grounding?.groundingSupports ?? []).flatMap((support) => support.groundingChunkIndices ?? []),
  );
  const sources: CitationInput[] = [];
  for (const [index, chunk] of (grounding?.groundingChunks ?? []).entries()) {
    const uri = chunk.web?.uri?.trim();
    if (!uri) continue;
    const title = chunk.web?.title?.trim() || null;
    // A redirect whose title is the page's own address stands for that page: keep the page.
    if (domainOf(uri) === REDIRECT_HOST && title && isWebUrl(title)) {
      sources.push({ url: title, title: null, cited: supported.has(index) });
      continue;
    }
    const domain = chunkDomain(uri, title, chunk.web?.domain);
    // A redirect with neither a real domain nor a title names no site: Google's proxy host
    // must never be counted as a cited domain.
    if (domain === undefined) continue;
    sources.push({ url: uri, title, domain, cited: supported.has(index) });
  }
  return sources;
}

/**
 * Vertex gives `web.domain`; the Gemini API gives a redirect URI and no real URL, so the title
 * (which Google sets to the site's domain) stands in as the domain. Null: derive it from the URI.
 * Undefined: a redirect that names no site at all.
 */
function chunkDomain(
  uri: string,
  title: string | null,
  domain: string | null | undefined,
): string | null | undefined {
  if (domain) return hostName(domain) ?? (domainOf(uri) === REDIRECT_HOST ? undefined : null);
  if (domainOf(uri) !== REDIRECT_HOST) return null;
  return (title && hostName(title)) ?? undefined;
}

function noCandidate(blockReason: string | null | undefined, response: RawResponse) {
  if (blockReason) {
    return new ProviderError('google', 'rejected', `google blocked the prompt: ${blockReason}`, {
      status: response.status,
    });
  }
  return new ProviderError('google', 'invalid_response', 'google sent no candidate', {
    status: response.status,
  });
}

function geminiFailure(response: RawResponse): ProviderError {
  const parsed = ErrorBodySchema.safeParse(tryParseJson(response.text));
  const error = parsed.success ? parsed.data.error : null;
  const details = error?.details ?? [];
  return httpFailure('google', response, {
    message: error ? `${error.status ?? 'ERROR'}: ${error.message ?? ''}`.trim() : null,
    // A per-day quota will not recover within any retry window the workflow uses.
    type: dailyQuotaExhausted(details) ? 'rejected' : undefined,
    bodyRetryAfterSeconds: retryDelayOf(details) ?? retryDelayInMessage(error?.message),
  });
}

/** `google.rpc.RetryInfo.retryDelay` is a protobuf Duration in JSON: "47s", "45.837906927s". */
function retryDelayOf(details: readonly Record<string, unknown>[]): number | null {
  for (const detail of details) {
    if (!String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo')) continue;
    const match = /^(\d+(?:\.\d+)?)s$/.exec(String(detail.retryDelay ?? ''));
    if (match) return roundSeconds(Number(match[1]));
  }
  return null;
}

function retryDelayInMessage(message: string | null | undefined): number | null {
  const match = /retry in (\d+(?:\.\d+)?)s/i.exec(message ?? '');
  return match ? roundSeconds(Number(match[1])) : null;
}

function dailyQuotaExhausted(details: readonly Record<string, unknown>[]): boolean {
  return details
    .filter((detail) => String(detail['@type'] ?? '').endsWith('google.rpc.QuotaFailure'))
    .flatMap((detail) => (Array.isArray(detail.violations) ? detail.violations : []))
    .some((violation) => /PerDay/.test(String((violation as { quotaId?: unknown }).quotaId ?? '')));
}
