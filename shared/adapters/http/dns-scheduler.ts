/**
 * Name lookups shared fairly between scans (docs/decisions.md "Issue 18"). The system resolver
 * (`dns.lookup`, getaddrinfo on the libuv pool) runs only a few lookups at once and cannot cancel
 * one, so one scan of unresolvable names on a slow resolver used to queue hundreds of lookups in
 * front of every other scan. Here:
 *
 * - each scan (a "scope": the scan's deadline signal) has its own cache: a name is looked up once
 *   per scan however many connections the scan opens, and a failure is remembered too;
 * - at most `maxConcurrent` lookups run at once, at most `perScope` of them for one scope, and the
 *   next free slot goes round-robin to the scopes that wait, so a new scan's first lookup waits
 *   for at most one lookup of each other scan, never for their queues;
 * - a scope whose signal aborted (deadline, scan finished) drops the lookups it still queues.
 *
 * Lookups outside any scope (webhook deliveries) share one default scope without a cache.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import type { LookupAddress } from 'node:dns';
import type { DnsLookup } from './guarded-agent.ts';

export interface DnsSchedulerOptions {
  /** Lookups running at once in this process; the libuv pool has 4 threads by default. */
  maxConcurrent?: number;
  /** Lookups of one scope running at once. */
  perScope?: number;
}

export const DEFAULT_DNS_CONCURRENCY = 4;
const DEFAULT_PER_SCOPE = 2;

interface Job {
  hostname: string;
  resolve(addresses: readonly LookupAddress[]): void;
  reject(error: unknown): void;
}

interface Scope {
  signal: AbortSignal | undefined;
  cache: Map<string, Promise<readonly LookupAddress[]>> | undefined;
  running: number;
  queue: Job[];
}

export interface DnsScheduler {
  /** The lookup to hand to the guarded agent. */
  lookup: DnsLookup;
  /** Runs `work` (an HTTP request) so that its connections look names up in `signal`'s scope. */
  inScope<T>(signal: AbortSignal | undefined, work: () => T): T;
}

/** The scheduler's shared state: slots in use, and the scopes waiting for one in turn. */
interface Slots {
  resolve: DnsLookup;
  maxConcurrent: number;
  perScope: number;
  /** Scopes with queued jobs, in the order they get the next free slot. */
  waiting: Scope[];
  running: number;
}

const cancelled = (hostname: string) =>
  Object.assign(new Error(`lookup of ${hostname} cancelled`), { code: 'ECANCELLED' });

function dropQueued(slots: Slots, scope: Scope): void {
  for (const job of scope.queue.splice(0)) job.reject(cancelled(job.hostname));
  const index = slots.waiting.indexOf(scope);
  if (index >= 0) slots.waiting.splice(index, 1);
}

function pump(slots: Slots): void {
  for (let turn = 0; slots.running < slots.maxConcurrent && turn < slots.waiting.length; ) {
    const scope = slots.waiting[turn] as Scope;
    if (scope.running >= slots.perScope) {
      turn += 1;
      continue;
    }
    const job = scope.queue.shift() as Job;
    // Round-robin: the scope goes to the back of the line, or leaves it when done.
    slots.waiting.splice(turn, 1);
    if (scope.queue.length > 0) slots.waiting.push(scope);
    start(slots, scope, job);
  }
}

function start(slots: Slots, scope: Scope, job: Job): void {
  slots.running += 1;
  scope.running += 1;
  slots
    .resolve(job.hostname)
    .then(job.resolve, job.reject)
    .finally(() => {
      slots.running -= 1;
      scope.running -= 1;
      pump(slots);
    });
}

function enqueue(slots: Slots, scope: Scope, hostname: string): Promise<readonly LookupAddress[]> {
  return new Promise((resolveJob, rejectJob) => {
    if (scope.signal?.aborted) {
      rejectJob(cancelled(hostname));
      return;
    }
    scope.queue.push({ hostname, resolve: resolveJob, reject: rejectJob });
    if (!slots.waiting.includes(scope)) slots.waiting.push(scope);
    pump(slots);
  });
}

export function createDnsScheduler(
  resolve: DnsLookup,
  options: DnsSchedulerOptions = {},
): DnsScheduler {
  const slots: Slots = {
    resolve,
    maxConcurrent: Math.max(1, options.maxConcurrent ?? DEFAULT_DNS_CONCURRENCY),
    perScope: Math.max(1, options.perScope ?? DEFAULT_PER_SCOPE),
    waiting: [],
    running: 0,
  };
  const current = new AsyncLocalStorage<Scope>();
  const scopes = new WeakMap<AbortSignal, Scope>();
  const defaultScope: Scope = { signal: undefined, cache: undefined, running: 0, queue: [] };

  function scopeOf(signal: AbortSignal): Scope {
    let scope = scopes.get(signal);
    if (!scope) {
      const created: Scope = { signal, cache: new Map(), running: 0, queue: [] };
      signal.addEventListener('abort', () => dropQueued(slots, created), { once: true });
      scopes.set(signal, created);
      scope = created;
    }
    return scope;
  }

  const lookup: DnsLookup = (hostname) => {
    const scope = current.getStore() ?? defaultScope;
    const name = hostname.toLowerCase();
    const cached = scope.cache?.get(name);
    if (cached) return cached;
    const answer = enqueue(slots, scope, name);
    scope.cache?.set(name, answer);
    // The cache is read by later connections; unobserved failures must not crash the process.
    answer.catch(() => undefined);
    return answer;
  };

  return {
    lookup,
    inScope: (signal, work) => (signal ? current.run(scopeOf(signal), work) : work()),
  };
}
