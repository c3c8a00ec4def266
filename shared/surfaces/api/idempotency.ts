/**
 * The `Idempotency-Key` middleware (issue 18, point 5; docs/api.md "Idempotency-Key"). On a
 * route the manifest marks `idempotent` (the POSTs that create something), a request with the
 * header claims the key for its caller and route before the operation runs:
 * - the first request runs, and its response (any status below 500) is kept for 24 hours;
 * - a retry with the same body gets that response again, with `Idempotent-Replayed: true`;
 * - the same key with another body is 422 `idempotency_key_reused`;
 * - while the first request still runs, another with the key is 409 `idempotency_key_in_flight`.
 * A request that fails with a 5xx lets its key go, so the retry runs again. A request killed by
 * its function's timeout lets go of nothing: its claim lapses at its own deadline (the function's
 * remaining time plus a margin), not 24 hours later (issue 36, point 10). Requests without the
 * header are untouched.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import type { Principal } from '#shared/domain/accounts/principal';
import { AppError, BadRequestError, ConflictError } from '#shared/domain/kernel/errors';
import { sha256Hex } from '#shared/domain/kernel/hash';
import {
  IDEMPOTENCY_TTL_SECONDS,
  type IdempotencyStore,
  inFlightExpiry,
  MAX_IDEMPOTENCY_KEY_LENGTH,
} from '#shared/domain/kernel/idempotency';
import type { PipelineContext } from '#shared/surfaces/http/pipeline';
import type { ApiEvent, ApiResult } from '#shared/surfaces/http/request';
import type { RouteDefinition } from '#shared/surfaces/http/route';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_SHAPE = /^[\x21-\x7e]+$/;

function bodyText(event: ApiEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function callerOf(principal: Principal | undefined, event: ApiEvent): string {
  if (principal?.kind === 'key') return `user:${principal.accountId}`;
  return `ip:${event.requestContext?.http?.sourceIp ?? 'unknown'}`;
}

function keyFrom(event: ApiEvent): string | undefined {
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !KEY_SHAPE.test(key)) {
    throw new BadRequestError(
      'invalid_request',
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
    );
  }
  return key;
}

interface Claim {
  store: IdempotencyStore;
  key: string;
}

/** The middy request of an API route, with this middleware's claim kept on it. */
type IdempotentRequest = Request<ApiEvent, ApiResult, Error, PipelineContext, { claim?: Claim }>;

export function idempotencyMiddleware(
  route: RouteDefinition,
  store: () => IdempotencyStore | undefined,
  principalOf: (context: PipelineContext) => Principal | undefined,
): MiddlewareObj<ApiEvent, ApiResult, Error, PipelineContext> {
  /** Keeps the first answer for replays, or lets the key go after a failure (no answer). */
  async function settle(request: IdempotentRequest, response: ApiResult | undefined) {
    const claim = request.internal.claim;
    if (!claim) return;
    delete request.internal.claim;
    const status = response?.statusCode ?? 500;
    if (!response || status >= 500) {
      await claim.store.release(claim.key).catch(() => undefined);
      return;
    }
    const { 'x-request-id': _id, ...headers } = (response.headers ?? {}) as Record<string, string>;
    const expiresAt = Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_SECONDS;
    const body = typeof response.body === 'string' ? response.body : '';
    await claim.store.complete(claim.key, { status, headers, body }, expiresAt);
  }

  return {
    before: async (request: IdempotentRequest) => {
      const principal = principalOf(request.context);
      const deadline = inFlightExpiry(Date.now(), remainingTime(request.context));
      const outcome = await claimOrReplay(route, store, principal, request.event, deadline);
      if (outcome && 'claim' in outcome) request.internal.claim = outcome.claim;
      return outcome && 'replay' in outcome ? outcome.replay : undefined;
    },
    after: async (request: IdempotentRequest) => {
      await settle(request, request.response ?? undefined);
    },
    onError: async (request: IdempotentRequest) => {
      // The error envelope (registered first) answers afterwards; a failed request lets go.
      await settle(request, undefined);
    },
  };
}

/** The invocation's remaining time, when its context can tell (a Lambda context can). */
function remainingTime(context: PipelineContext): number | undefined {
  return typeof context?.getRemainingTimeInMillis === 'function'
    ? context.getRemainingTimeInMillis()
    : undefined;
}

/**
 * Claims the request's key until `deadline` (epoch seconds), or answers it: a replay, 409 in
 * flight, 422 reused.
 */
async function claimOrReplay(
  route: RouteDefinition,
  store: () => IdempotencyStore | undefined,
  principal: Principal | undefined,
  event: ApiEvent,
  deadline: number,
): Promise<{ claim: Claim } | { replay: ApiResult } | undefined> {
  const idempotency = route.idempotent ? store() : undefined;
  if (!idempotency) return undefined;
  const given = keyFrom(event);
  if (given === undefined) return undefined;
  const key = sha256Hex(`${callerOf(principal, event)}\n${route.operationId}\n${given}`);
  const claim = await idempotency.claim(key, sha256Hex(bodyText(event)), deadline);
  if (claim.state === 'claimed') return { claim: { store: idempotency, key } };
  if (claim.state === 'in_flight') {
    throw new ConflictError(
      'idempotency_key_in_flight',
      'A request with this Idempotency-Key is still being processed; retry shortly.',
      { retryAfterSeconds: 1 },
    );
  }
  if (claim.state === 'reused') {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was used with another request body; use a new key.',
    );
  }
  return {
    replay: {
      statusCode: claim.response.status,
      headers: {
        ...claim.response.headers,
        'x-request-id': event.requestContext?.requestId ?? '',
        [REPLAYED_HEADER]: 'true',
      },
      body: claim.response.body,
    },
  };
}
