/**
 * What the request pipeline itself needs (`ApiDeps`, handed to the API handlers and the tool
 * server by their entries): key verification, idempotency records, the per-key request counter,
 * the keys' last use, how to build links, and the logger.
 */
import { createIdempotencyRepository } from '#shared/adapters/dynamodb/idempotency-repository';
import { createKeyUsageRepository } from '#shared/adapters/dynamodb/key-usage-repository';
import { createMembershipLookup } from '#shared/adapters/dynamodb/membership-lookup';
import { createRequestCounter } from '#shared/adapters/dynamodb/request-rate-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createKeyResolver } from '#shared/domain/accounts/authenticate';
import { createCachedKeyLookup } from '#shared/domain/accounts/key-cache';
import { createKeyUseRecorder } from '#shared/domain/accounts/key-usage';
import type { ApiDeps } from '#shared/surfaces/api/http-handler';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';

export const getApiDeps = lazy((): ApiDeps => {
  const config = getConfig();
  const { doc, tableName } = getStore();
  const logger = getLogger();
  return {
    // A key and its creator's role in its account, cached together (KEY_CACHE_TTL_MS).
    keys: createCachedKeyLookup(
      createKeyResolver({
        users: createUsersRepository(doc, tableName),
        members: createMembershipLookup(doc, tableName),
      }),
      config.KEY_CACHE_TTL_MS,
    ),
    adminEmails: config.ADMIN_EMAILS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    logger,
    idempotency: createIdempotencyRepository(doc, tableName),
    rate: {
      counter: createRequestCounter(doc, tableName),
      perMinute: config.KEY_RATE_LIMIT_PER_MINUTE,
      clock: getClock(),
    },
    keyUse: createKeyUseRecorder(createKeyUsageRepository(doc, tableName), logger),
    metrics: getMetrics(),
  };
});
