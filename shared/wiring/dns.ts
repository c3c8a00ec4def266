/**
 * The service's one name lookup (issue 18, finding 6): scans, webhook registration and webhook
 * deliveries all resolve names through it, so OFFLINE_DNS=1 keeps every one of them on the
 * machine (only `localhost` resolves, to loopback).
 */
import type { DnsLookup } from '#shared/adapters/http/guarded-agent';
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { systemLookup } from '#shared/adapters/http/system-lookup';
import { lazy } from '#shared/wiring/lazy';

export const getDnsLookup = lazy(
  ({ config }): DnsLookup => (config.OFFLINE_DNS ? offlineLookup() : systemLookup),
);
