/**
 * The shape every operation shares, whoever calls it (an HTTP handler, an MCP tool, a workflow
 * step, the dashboard): `(input, deps) => body`. The input carries the validated request parts
 * and who is asking; `deps` are the area's ports, built by its composition.
 */
import type { Caller, Principal } from '#shared/domain/accounts/principal';
import type { LimitReporter } from './rate-limit.ts';

/** Public addresses of resources; built by the API layer from the route manifest. */
export interface Links {
  scanPage(scanId: string): string;
  batchJob(jobId: string): string;
  docs(): string;
  /** The dashboard's plan and billing page (mails about the plan link to it). */
  billingPage(): string;
}

export interface RequestContext {
  /** Id of this request (API Gateway's), quoted in logs and error bodies. */
  id: string;
  /** Public base URL for links in responses. */
  baseUrl: string;
  /** Client address as the gateway saw it (never a client-supplied X-Forwarded-For). */
  sourceIp: string;
  links: Links;
  /** The request's Accept header, for documents served in more than one format. */
  accept?: string;
  /**
   * Tells the HTTP surface the state of a quota the operation applied, for the `RateLimit`
   * headers (docs/api.md "Rate limits"); absent where nobody reads headers.
   */
  reportLimit?: LimitReporter;
  /** The request's User-Agent (the dashboard's sessions list summarises it). */
  userAgent?: string;
  /** The request's cookie strings (API Gateway v2 `cookies`, or the Cookie header). */
  cookies?: readonly string[];
}

/**
 * `Who` narrows the principal: `Caller` for operations that act for an account (a key or a
 * session), the full `Principal` for those that anyone may call.
 */
export interface OperationInput<
  Params = undefined,
  Query = undefined,
  Body = undefined,
  Who = Principal,
> {
  params: Params;
  query: Query;
  body: Body;
  principal: Who;
  request: RequestContext;
}

/** The input of an operation that acts for an account: a key or a dashboard session. */
export type CallerInput<Params = undefined, Query = undefined, Body = undefined> = OperationInput<
  Params,
  Query,
  Body,
  Caller
>;

/**
 * A request body taken as sent (an uploaded file), not read as JSON: the bytes and the two
 * headers that say how to read them (lower case, parameters dropped; '' when absent).
 */
export interface RawBody {
  bytes: Uint8Array;
  contentType: string;
  contentEncoding: string;
  /**
   * The request headers the route names (`rawBody.headers`, lower case), e.g. the signature of a
   * payment provider's event; a header not sent is absent.
   */
  headers?: Readonly<Record<string, string>>;
}

/** Where an operation's answer carries a status other than its route's usual one. */
export const ANSWER_STATUS: unique symbol = Symbol('answer status');

/** An operation's answer, possibly with another documented success status (e.g. 200 for 202). */
export type WithStatus<T> = T & { [ANSWER_STATUS]?: number };

/**
 * Answers `body` with `status` instead of the route's usual success status: a create that finds
 * what it would create already made answers 200 with it. The route documents the status
 * (`response.alternatives`); a symbol key never reaches the JSON.
 */
export function answeredWith<T extends object>(status: number, body: T): WithStatus<T> {
  return Object.assign(body, { [ANSWER_STATUS]: status });
}
