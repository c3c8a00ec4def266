/**
 * The contract between the simulator's server and its wire modules (one per provider family):
 * the decoded request, the question read from it, the response to send, and small helpers every
 * wire module uses.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { SimulatedAnswer } from './answer.ts';
import type { FaultSpec, SimulatedFamily } from './faults.ts';
import type { LimitState } from './quotas.ts';

/** What the server hands a wire module: the decoded request. */
export interface WireRequest {
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** What a wire module understood of the request. */
export interface AskedQuestion {
  prompt: string;
  mode: 'raw' | 'online';
  model: string;
}

/** What the server sends back for a wire module. */
export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One provider's wire format. The simulator only builds bodies in this format; it never
 * imports the adapters' parsers, so a test against it cannot pass by sharing a mistake.
 */
export interface FamilyWire {
  family: SimulatedFamily;
  routes(method: string, pathname: string): boolean;
  /** The API key the request carries (the account it is metered on), or undefined: 401. */
  apiKey(request: WireRequest): string | undefined;
  /** A reason to answer 400, or null when the request is acceptable. */
  invalidReason(request: WireRequest): string | null;
  read(request: WireRequest): AskedQuestion;
  /** An answer, with the account's limit headers (none where the provider sends none). */
  answer(
    question: AskedQuestion,
    answer: SimulatedAnswer,
    ids: string,
    limits: LimitState | undefined,
  ): SimResponse;
  /** The provider's own 429 for an account whose quota is used up, with its retry hint. */
  overQuota(
    question: AskedQuestion,
    limits: LimitState,
    retryAfterSeconds: number,
    ids: string,
  ): SimResponse;
  /** A truncated success body, for the `malformed` fault. */
  malformed(question: AskedQuestion, ids: string): SimResponse;
  badRequest(message: string): SimResponse;
  /** The provider's answer to a request body over the size limit. */
  tooLarge(message: string): SimResponse;
  unauthorised(): SimResponse;
  fault(fault: FaultSpec, question: AskedQuestion, ids: string): SimResponse;
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  } satisfies SimResponse;
}

/** One request header (the first value of a repeated one). */
export function headerOf(request: WireRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The token of an `Authorization: Bearer` header. */
export function bearerToken(request: WireRequest): string | undefined {
  const match = /^Bearer\s+(\S.*)$/i.exec(headerOf(request, 'authorization') ?? '');
  return match?.[1];
}

export const DEFAULT_THROTTLE_SECONDS = 20;

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Formats seconds as a Go duration the way OpenAI's reset headers do ("1m30s", "250ms"). */
export function goDuration(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round((seconds - minutes * 60) * 1000) / 1000;
  return minutes > 0 ? `${minutes}m${rest}s` : `${rest}s`;
}

/** Cuts a valid body in half: what a dropped proxy connection or a buggy gateway produces. */
export function truncated(body: unknown): SimResponse {
  const text = JSON.stringify(body);
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: text.slice(0, Math.floor(text.length / 2)),
  };
}
