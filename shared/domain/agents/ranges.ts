/**
 * The published address ranges of AI agents (docs/agent-logs.md "Verified, spoofed,
 * unverifiable"): a dated dataset, one entry per source the operator publishes (its URL, when it
 * was read, its prefixes), kept in the repository (agent-ranges.json) and refreshed by
 * `refresh-agent-ranges` and the monthly schedule (refresh.ts). A compiled matcher answers, for
 * an agent and an address, whether the address lies in the agent's ranges: binary search over
 * sorted IPv4 intervals, and over IPv6 prefixes as BigInt intervals.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import bundled from './agent-ranges.json' with { type: 'json' };
import { AGENTS, type AgentDefinition } from './registry.ts';

export const RangesSourceSchema = z.object({
  operator: z.string(),
  /** The machine-readable list the operator publishes. */
  url: z.url(),
  /** The operator's page that describes the agents and points at the list. */
  docs: z.url(),
  /** The day the list was read (or the list's own creation time, when it states one). */
  as_of: z.iso.date(),
  prefixes: z.array(z.string()),
});

export const RangesDatasetSchema = z.object({
  version: z.literal(1),
  /** The day of the newest source. */
  as_of: z.iso.date(),
  /** How the dataset was made (which sources were read and how). */
  note: z.string(),
  sources: z.record(z.string(), RangesSourceSchema),
});

export type RangesSource = z.infer<typeof RangesSourceSchema>;
export type RangesDataset = z.infer<typeof RangesDatasetSchema>;

/** The dataset kept in the repository, checked once when first asked for. */
let bundledDataset: RangesDataset | undefined;
export function bundledRanges(): RangesDataset {
  bundledDataset ??= RangesDatasetSchema.parse(bundled);
  return bundledDataset;
}

/** The newer of two datasets (a refreshed one in the store against the bundled one). */
export function newerRanges(a: RangesDataset, b: RangesDataset | undefined): RangesDataset {
  return b !== undefined && b.as_of > a.as_of ? b : a;
}

/** How a hit's claimed agent compares with its address. */
export type Verification = 'verified' | 'spoofed' | 'unverifiable';

interface Intervals {
  v4: { starts: Uint32Array; ends: Uint32Array };
  v6: { starts: bigint[]; ends: bigint[] };
}

/** Dotted IPv4 text as a 32-bit number; undefined when the text is not exactly that. */
export function ipv4ToNumber(text: string): number | undefined {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (digits === 0 || dots === 3) return undefined;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57 && digits < 3) {
      part = part * 10 + (code - 48);
      digits += 1;
      if (part > 255) return undefined;
    } else {
      return undefined;
    }
  }
  if (dots !== 3 || digits === 0) return undefined;
  return value * 256 + part;
}

function ipv6ToBigInt(address: ipaddr.IPv6): bigint {
  return address.parts.reduce((sum, part) => (sum << 16n) | BigInt(part), 0n);
}

/** An address as the matcher reads it: an IPv4 number, an IPv6 BigInt, or nothing usable. */
export type ParsedAddress = { v4: number } | { v6: bigint } | undefined;

export function parseAddress(text: string): ParsedAddress {
  const v4 = ipv4ToNumber(text);
  if (v4 !== undefined) return { v4 };
  if (!text.includes(':') || !ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) {
    return { v4: ipv4ToNumber(address.toIPv4Address().toString()) ?? 0 };
  }
  return { v6: ipv6ToBigInt(address) };
}

function addPrefix(prefix: string, v4: [number, number][], v6: [bigint, bigint][]): void {
  if (!ipaddr.isValidCIDR(prefix)) return;
  const [address, bits] = ipaddr.parseCIDR(prefix);
  if (address.kind() === 'ipv4') {
    const start = ipv4ToNumber(address.toString()) ?? 0;
    const size = 2 ** (32 - bits);
    const first = start - (start % size);
    v4.push([first, first + size - 1]);
  } else {
    const start = ipv6ToBigInt(address as ipaddr.IPv6);
    const size = 1n << BigInt(128 - bits);
    const first = start - (start % size);
    v6.push([first, first + size - 1n]);
  }
}

/** Sorted, with overlapping or touching intervals joined: a binary search then decides. */
function merged<T extends number | bigint>(intervals: [T, T][]): [T, T][] {
  const sorted = [...intervals].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: [T, T][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) {
      if (end > last[1]) last[1] = end;
    } else {
      out.push([start, end]);
    }
  }
  return out;
}

function compile(prefixes: readonly string[]): Intervals {
  const v4: [number, number][] = [];
  const v6: [bigint, bigint][] = [];
  for (const prefix of prefixes) addPrefix(prefix.trim(), v4, v6);
  const four = merged(v4);
  const six = merged(v6);
  return {
    v4: {
      starts: Uint32Array.from(four.map(([start]) => start)),
      ends: Uint32Array.from(four.map(([, end]) => end)),
    },
    v6: { starts: six.map(([start]) => start), ends: six.map(([, end]) => end) },
  };
}

/** Whether `value` lies in one of the sorted, disjoint intervals. */
function within<T extends number | bigint>(
  value: T,
  starts: ArrayLike<T>,
  ends: ArrayLike<T>,
): boolean {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as T) > value) high = middle - 1;
    else if ((ends[middle] as T) < value) low = middle + 1;
    else return true;
  }
  return false;
}

/** The verifier of one dataset: per agent token, its compiled ranges (none: unverifiable). */
export interface RangesVerifier {
  dataset: RangesDataset;
  verify(agent: AgentDefinition, address: ParsedAddress): Verification;
}

export function createVerifier(dataset: RangesDataset): RangesVerifier {
  const byToken = new Map<string, Intervals>();
  for (const agent of AGENTS) {
    const prefixes = agent.source ? (dataset.sources[agent.source]?.prefixes ?? []) : [];
    if (prefixes.length > 0) byToken.set(agent.token, compile(prefixes));
  }
  return {
    dataset,
    verify(agent, address) {
      const intervals = byToken.get(agent.token);
      if (!intervals) return 'unverifiable';
      if (address === undefined) return 'spoofed';
      const inside =
        'v4' in address
          ? within(address.v4, intervals.v4.starts, intervals.v4.ends)
          : within(address.v6, intervals.v6.starts, intervals.v6.ends);
      return inside ? 'verified' : 'spoofed';
    },
  };
}

/** What the public registry says of one agent's ranges (`GET /api/v1/agent-registry`). */
export function rangesOf(
  agent: AgentDefinition,
  dataset: RangesDataset,
): { as_of: string | null; source: string | null; ranges: string[] } {
  const source = agent.source ? dataset.sources[agent.source] : undefined;
  // A list not read yet (empty until a refresh) verifies nothing: the agent reads as unverifiable.
  if (!source || source.prefixes.length === 0) return { as_of: null, source: null, ranges: [] };
  return { as_of: source.as_of, source: source.url, ranges: [...source.prefixes] };
}
