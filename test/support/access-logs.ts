/**
 * Access-log lines for the agent-analytics tests, in the three formats (docs/agent-logs.md
 * "Formats"), and the calls that upload a log through the local front and wait for it.
 */
import { expect } from 'vitest';
import { callJson, type JsonResponse } from './stack.ts';

export interface Request {
  address: string;
  /** `YYYY-MM-DDTHH:MM:SS`, UTC. */
  at: string;
  path: string;
  status: number;
  userAgent: string;
  bytes?: number;
}

export const USER_AGENTS = {
  gptbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  searchbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  claudebot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  perplexity:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  meta: 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
  person: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
} as const;

/** Addresses inside the published ranges of the bundled dataset, and one outside all of them. */
export const ADDRESSES = {
  gptbot: '20.171.206.14',
  searchbot: '20.42.10.180',
  claudebot: '216.73.216.9',
  perplexity: '3.224.62.45',
  outside: '203.0.113.77',
  person: '198.51.100.23',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function combinedLine(request: Request): string {
  const [date, time] = request.at.split('T') as [string, string];
  const [year, month, day] = date.split('-');
  const stamp = `${day}/${MONTHS[Number(month) - 1]}/${year}:${time} +0000`;
  return `${request.address} - - [${stamp}] "GET ${request.path} HTTP/1.1" ${request.status} ${request.bytes ?? 1000} "-" "${request.userAgent}"`;
}

export function cloudfrontLog(requests: readonly Request[]): string {
  const header = [
    '#Version: 1.0',
    '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query',
  ];
  const lines = requests.map((request) => {
    const [date, time] = request.at.split('T') as [string, string];
    return [
      date,
      time,
      'FRA56-C1',
      String(request.bytes ?? 1000),
      request.address,
      'GET',
      'd111.cloudfront.net',
      request.path,
      String(request.status),
      '-',
      encodeURIComponent(request.userAgent),
      '-',
    ].join('\t');
  });
  return [...header, ...lines].join('\n');
}

export function jsonLine(request: Request): string {
  return JSON.stringify({
    ClientIP: request.address,
    ClientRequestHost: 'example.com',
    ClientRequestMethod: 'GET',
    ClientRequestURI: request.path,
    ClientRequestUserAgent: request.userAgent,
    EdgeResponseStatus: request.status,
    EdgeResponseBytes: request.bytes ?? 1000,
    EdgeStartTimestamp: `${request.at}Z`,
  });
}

/** Uploads a body to a domain's agent-logs route as the caller asks (headers, query). */
export async function uploadLog(
  baseUrl: string,
  key: string,
  domain: string,
  body: Uint8Array | string,
  options: { headers?: Record<string, string>; query?: string } = {},
): Promise<JsonResponse> {
  const response = await fetch(
    `${baseUrl}/api/v1/domains/${encodeURIComponent(domain)}/agent-logs${options.query ?? ''}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'text/plain',
        ...options.headers,
      },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/** Reads an upload until it is done (or failed), as a client polls it. */
export async function waitForIngest(
  baseUrl: string,
  key: string,
  domain: string,
  id: string,
  timeoutMs = 30_000,
): Promise<JsonResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await callJson(
      baseUrl,
      `/api/v1/domains/${encodeURIComponent(domain)}/agent-logs/${id}`,
      { key },
    );
    expect(response.status).toBe(200);
    const status = (response.body.ingest as { status: string }).status;
    if (status === 'done' || status === 'failed' || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
