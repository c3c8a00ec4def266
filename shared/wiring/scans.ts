/**
 * Scanning's dependencies, built once per process on first use: the engine, the guarded
 * fetcher and the quota counters on top of the read dependencies (read-composition.ts, kept
 * apart so the read routes never bundle the engine).
 */

import { createTxtResolver } from '#shared/adapters/dns/txt-resolver';
import { createQuotaRepository } from '#shared/adapters/dynamodb/quota-repository';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { createScanEvents } from '#shared/domain/events/scan-events';
import type { TxtResolver } from '#shared/domain/scan-engine/dns-aid';
import type { ScanVantage } from '#shared/domain/scan-engine/environment';
import type { ScanWriteDeps } from '#shared/domain/scans/operations';
import { createScanService } from '#shared/domain/scans/service';
import { getDnsLookup } from '#shared/wiring/dns';
import { getEventPublisher } from '#shared/wiring/events';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics, traceOutboundHttp } from '#shared/wiring/observability';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import {
  getRequestSigner,
  scannerBaseUrl,
  scannerUserAgent,
} from '#shared/wiring/scanner-identity';
import { getScanReadDeps } from './scans-read.ts';

export const getScanWriteDeps = lazy((): ScanWriteDeps => {
  const config = getConfig();
  const { doc, tableName } = getStore();
  const { scans, stats } = getScanReadDeps();
  // scan.completed for every saved scan of an account; no queue configured, no events.
  const publisher = getEventPublisher();
  return {
    scanner: createScanService({
      scans,
      stats,
      quotas: createQuotaRepository(doc, tableName),
      fetcher: getScanFetcher(),
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      anonymousScansPerDay: config.ANONYMOUS_SCANS_PER_DAY,
      scanDeadlineMs: config.SCAN_DEADLINE_MS,
      ...getScanVantage(),
      logger: getLogger(),
      clock: getClock(),
      metrics: getMetrics(),
      ...(publisher ? { events: createScanEvents(publisher, getClock()) } : {}),
    }),
  };
});

/**
 * Where this process scans from (`local`, or the AWS region on Lambda), the identity its
 * requests carry, and DNS for DNS-AID (none offline: OFFLINE_DNS=1 asks no DNS server).
 */
export const getScanVantage = lazy((settings): { vantage: ScanVantage; txt?: TxtResolver } => {
  const config = getConfig();
  const vantage: ScanVantage = {
    scannedFrom: config.AWS_LAMBDA_FUNCTION_NAME ? config.AWS_REGION : 'local',
    userAgent: scannerUserAgent(scannerBaseUrl(settings)),
    // The fetcher signs every request it sends (getScanFetcher); nothing turns it off.
    signed: true,
  };
  return config.OFFLINE_DNS ? { vantage } : { vantage, txt: createTxtResolver() };
});

/**
 * One guarded fetcher per process: its connection pool is shared by every scan (single scans,
 * batches, the monitor's cited sites), and every request it sends is signed (Web Bot Auth).
 */
export const getScanFetcher = lazy(
  (settings) => {
    traceOutboundHttp();
    const config = getConfig();
    return createSafeFetcher({
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      // Offline, nothing leaves the machine: loopback destinations only, whatever the spelling.
      loopbackOnly: config.OFFLINE_DNS,
      ...(settings.connectStep ? { connectStep: settings.connectStep } : {}),
      dnsConcurrency: config.DNS_LOOKUP_CONCURRENCY,
      lookup: getDnsLookup(),
      // An honest, documented identity: site owners can look up who scanned them and why.
      userAgent: scannerUserAgent(scannerBaseUrl(settings)),
      signer: getRequestSigner(),
    });
  },
  (fetcher) => void fetcher.close(),
);
