/**
 * What the request pipeline itself needs: key verification, idempotency records, the per-key
 * request counter, the keys' last use and how to build links.
 */
import { createIdempotencyRepository } from '#shared/adapters/dynamodb/idempotency-repository';
import { createKeyUsageRepository } from '#shared/adapters/dynamodb/key-usage-repository';
import { createRequestCounter } from '#shared/adapters/dynamodb/request-rate-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createCachedKeyLookup } from '#shared/domain/accounts/key-cache';
import { createKeyUseRecorder, type KeyUseRecorder } from '#shared/domain/accounts/key-usage';
import type { KeyLookup } from '#shared/domain/accounts/ports';
import type { IdempotencyStore } from '#shared/domain/kernel/idempotency';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { RequestRateDeps } from '#shared/surfaces/api/request-rate';
import { lazy } from '#shared/wiring/lazy';
import { getMetrics } from '#shared/wiring/observability';
import { getConfig, getStore } from '#shared/wiring/platform';

export interface ApiDeps {
  keys: KeyLookup;
  adminEmails: readonly string[];
  publicBaseUrl: string | undefined;
  /** Where Idempotency-Key answers are kept; unset, the header is ignored (unit tests). */
  idempotency?: IdempotencyStore;
  /** The per-key request counter (KEY_RATE_LIMIT_PER_MINUTE); unset, keys are not limited. */
  rate?: RequestRateDeps;
  /** Marks keys used (their "last used" time); unset, nothing is recorded (unit tests). */
  keyUse?: KeyUseRecorder;
  /** Counts requests refused with `rate_limited` (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

export const getApiDeps = lazy((): ApiDeps => {
  const config = getConfig();
  const { doc, tableName } = getStore();
  return {
    keys: createCachedKeyLookup(createUsersRepository(doc, tableName), config.KEY_CACHE_TTL_MS),
    adminEmails: config.ADMIN_EMAILS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    idempotency: createIdempotencyRepository(doc, tableName),
    rate: {
      counter: createRequestCounter(doc, tableName),
      perMinute: config.KEY_RATE_LIMIT_PER_MINUTE,
    },
    keyUse: createKeyUseRecorder(createKeyUsageRepository(doc, tableName)),
    metrics: getMetrics(),
  };
});
