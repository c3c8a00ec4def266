/**
 * An in-memory agent-log store and queue for unit tests of the upload and the processing step:
 * the port's behaviour (conditional create, claim, finish), with a hook that lets a test make one
 * write fail (a step that dies part-way).
 */
import type { DayPage } from '#shared/domain/agent-logs/aggregate';
import {
  type AgentLogDeps,
  type AgentLogStore,
  type Ingest,
  type IngestRef,
  MissingBodyError,
  type SiteFacts,
} from '#shared/domain/agent-logs/ports';
import type { Clock } from '#shared/domain/kernel/clock';
import { recordingLogger } from './logger.ts';

export interface MemoryAgentLogs {
  deps: AgentLogDeps;
  ingests: Map<string, Ingest>;
  bodies: Map<string, Uint8Array[]>;
  pages: Map<string, DayPage & { ingest_id: string }>;
  queued: IngestRef[];
  /** Called before each page write; throw to make that write fail. */
  beforePageWrite: (index: number) => void;
}

const refKey = (ref: IngestRef) => `${ref.owner_id}|${ref.domain}|${ref.ingest_id}`;

export function memoryAgentLogs(
  options: { clock: Clock; scanned?: string[]; facts?: SiteFacts } = {
    clock: { now: () => new Date() },
  },
): MemoryAgentLogs {
  const state: Omit<MemoryAgentLogs, 'deps'> = {
    ingests: new Map(),
    bodies: new Map(),
    pages: new Map(),
    queued: [],
    beforePageWrite: () => undefined,
  };
  const update = (ref: IngestRef, allowed: string[], change: Partial<Ingest>) => {
    const found = state.ingests.get(refKey(ref));
    if (!found || !allowed.includes(found.status)) return undefined;
    const next = { ...found, ...change };
    state.ingests.set(refKey(ref), next);
    return next;
  };
  const store: AgentLogStore = {
    domainScanned: async (_owner, domain) => (options.scanned ?? []).includes(domain),
    siteFacts: async () => options.facts,
    getIngest: async (ref) => state.ingests.get(refKey(ref)),
    createIngest: async (ingest) => {
      const key = refKey({
        owner_id: ingest.owner_id,
        domain: ingest.domain,
        ingest_id: ingest.id,
      });
      if (state.ingests.has(key)) return false;
      state.ingests.set(key, ingest);
      return true;
    },
    retryIngest: async (ingest) => {
      const key = refKey({
        owner_id: ingest.owner_id,
        domain: ingest.domain,
        ingest_id: ingest.id,
      });
      if (state.ingests.get(key)?.status !== 'failed') return false;
      state.ingests.set(key, ingest);
      return true;
    },
    deleteIngest: async (ref) => void state.ingests.delete(refKey(ref)),
    claimIngest: async (ref) => update(ref, ['queued', 'processing'], { status: 'processing' }),
    finishIngest: async (ref, outcome) =>
      update(ref, ['processing'], { status: 'done', ...outcome }) !== undefined,
    failIngest: async (ref, error, at) =>
      void update(ref, ['queued', 'processing'], { status: 'failed', error, finished_at: at }),
    putBody: async (bodyKey, parts) => void state.bodies.set(bodyKey, [...parts]),
    readBody: (bodyKey) =>
      (async function* () {
        const parts = state.bodies.get(bodyKey);
        if (!parts) throw new MissingBodyError('the body is gone');
        yield* parts;
      })(),
    deleteBody: async (bodyKey) => void state.bodies.delete(bodyKey),
    putDayPages: async (ref, pages) => {
      pages.forEach((page, index) => {
        state.beforePageWrite(index);
        state.pages.set(`${refKey(ref)}|${page.day}|${page.page}`, {
          ...structuredClone(page),
          ingest_id: ref.ingest_id,
        });
      });
    },
    listIngests: async (owner, domain) =>
      [...state.ingests.values()].filter((i) => i.owner_id === owner && i.domain === domain),
    readDayPages: async (owner, domain, from, to) =>
      [...state.pages.entries()]
        .filter(([key]) => key.startsWith(`${owner}|${domain}|`))
        .map(([, page]) => page)
        .filter((page) => page.day >= from && page.day <= to),
  };
  return {
    ...state,
    get beforePageWrite() {
      return state.beforePageWrite;
    },
    set beforePageWrite(hook) {
      state.beforePageWrite = hook;
    },
    deps: {
      store,
      queue: { enqueue: async (ref) => void state.queued.push(ref) },
      ranges: { read: async () => undefined, write: async () => undefined },
      clock: options.clock,
      logger: recordingLogger(),
    },
  };
}
