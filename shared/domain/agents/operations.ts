/**
 * `GET /api/v1/agent-registry` (public, an addition): the registry with the ranges each agent is
 * verified against, from the newer of the bundled dataset and the one the monthly refresh left in
 * the store (docs/agent-logs.md "The registry").
 */
import { bundledRanges, newerRanges, type RangesDataset, rangesOf } from './ranges.ts';
import { AGENTS } from './registry.ts';
import type { AgentRegistryResponse } from './schemas.ts';

export interface AgentRegistryDeps {
  /** The dataset a refresh stored, if any. */
  storedRanges(): Promise<RangesDataset | undefined>;
}

export function registryOf(dataset: RangesDataset): AgentRegistryResponse {
  return {
    agents: AGENTS.map((agent) => {
      const ranges = rangesOf(agent, dataset);
      return {
        token: agent.token,
        operator: agent.operator,
        purpose: agent.purpose,
        verification: ranges.source === null ? 'none' : 'ranges',
        ranges_as_of: ranges.as_of,
        ranges_source: ranges.source,
        ranges: ranges.ranges,
      };
    }),
  };
}

export async function getAgentRegistry(
  _input: unknown,
  deps: AgentRegistryDeps,
): Promise<AgentRegistryResponse> {
  return registryOf(newerRanges(bundledRanges(), await deps.storedRanges()));
}
