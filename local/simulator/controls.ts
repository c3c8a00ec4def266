/**
 * What the local stack hands its callers (tests, demos, benchmarks) to steer the provider
 * simulator while it runs: its address, the simulated world's scenario, a family's per-account
 * quota (a storm of 429s) or injected fault, and the answers counted so far. Every control is a
 * no-op when no family is simulated.
 */
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { FaultSpec } from './faults.ts';
import type { SimulatedQuota } from './quotas.ts';
import type { SimulatorScenario } from './scenario.ts';
import type { SimulatorHandle } from './server.ts';

/** The simulator controls a local stack carries. */
export interface SimulatorControls {
  /** Base URL of the provider simulator, when any family is simulated. */
  simulatorUrl: string | undefined;
  /**
   * Tests and demos: what changed in the simulated world (local/simulator/scenario.ts), when any
   * family is simulated; a no-op otherwise.
   */
  setSimulatorScenario(scenario: SimulatorScenario | null): void;
  /**
   * Tests: a family's per-account quota of the simulator (local/simulator/quotas.ts), changed
   * while running (a storm of 429s); null: none. A no-op without a simulated family.
   */
  setSimulatorQuota(family: ProviderFamily, quota: SimulatedQuota | null): void;
  /** Tests: a family's injected fault of the simulator (local/simulator/faults.ts); null: none. */
  setSimulatorFault(family: ProviderFamily, fault: FaultSpec | null): void;
  /** Tests: the simulator's requests so far, by `<family> <status>`; empty without one. */
  simulatorCounts(): Record<string, number>;
}

/** The controls of `simulator` (undefined when every family talks to a real provider). */
export function simulatorControls(simulator: SimulatorHandle | undefined): SimulatorControls {
  return {
    simulatorUrl: simulator?.url,
    setSimulatorScenario: (scenario) => simulator?.setScenario(scenario),
    setSimulatorQuota: (family, quota) => simulator?.setQuota(family, quota),
    setSimulatorFault: (family, fault) => simulator?.setFault(family, fault),
    simulatorCounts: () => simulator?.counts() ?? {},
  };
}
