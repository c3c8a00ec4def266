/**
 * What changed in the simulated world between two runs: the three causes the monitor tells apart
 * (docs/monitor.md "Every change has a cause"). Set at start (`scenario`) or while running
 * (`setScenario` on the handle); `null` is the world as configured.
 *
 * - `engine`: a family's model was swapped. It serves `model` (absent: the same id, a silent
 *   update) and answers another way: the canaries differ, and the case's brands are named at
 *   `brandRateFactor` times their rate (default 0.25).
 * - `competitors`: the competitors gained share: they are named at `rate` (only `names`, when given).
 * - `ownSite`: the brand's site was fixed: searching answers that name a case brand cite its site
 *   at `citationRate` (only the brands in `brands`, when given).
 * - `brands`: none of the three: the named case brands are simply named at `rate` (word of
 *   mouth, the press), which the monitor cannot see and must leave unexplained.
 */
import type { SimulatedBrand } from './answer.ts';
import type { SimulatedFamily } from './faults.ts';
import type { RateKnobs } from './rates.ts';

export interface SimulatorScenario {
  engine?: { family: SimulatedFamily; model?: string; brandRateFactor?: number };
  competitors?: { rate: number; names?: string[] };
  ownSite?: { citationRate: number; brands?: string[] };
  brands?: { rate: number; names: string[] };
}

const DEFAULT_BRAND_RATE_FACTOR = 0.25;

function swapped(family: SimulatedFamily, scenario: SimulatorScenario | null) {
  return scenario?.engine?.family === family ? scenario.engine : undefined;
}

/** The model id a family reports it served. */
export function servedModel(
  family: SimulatedFamily,
  requested: string,
  scenario: SimulatorScenario | null,
): string {
  return swapped(family, scenario)?.model ?? requested;
}

/** The model as it answers: after a swap (even a silent one) it is another model. */
export function answeringModel(
  family: SimulatedFamily,
  requested: string,
  scenario: SimulatorScenario | null,
): string {
  const engine = swapped(family, scenario);
  return engine ? `${engine.model ?? requested}#updated` : requested;
}

/** A family's rates in the scenario (the swapped family names the brands less often). */
export function scenarioRates(
  family: SimulatedFamily,
  rates: RateKnobs,
  scenario: SimulatorScenario | null,
): RateKnobs {
  const engine = swapped(family, scenario);
  const withEngine = engine
    ? {
        ...rates,
        brandMentionRate:
          rates.brandMentionRate * (engine.brandRateFactor ?? DEFAULT_BRAND_RATE_FACTOR),
      }
    : rates;
  const rivals = scenario?.competitors;
  return rivals && !rivals.names
    ? { ...withEngine, competitorMentionRate: rivals.rate }
    : withEngine;
}

/** Per-company rates the scenario sets (`competitors.names`), as `SIMULATOR_COMPETITORS` would. */
export function scenarioCompetitorRates(scenario: SimulatorScenario | null): SimulatedBrand[] {
  const rivals = scenario?.competitors;
  if (!rivals?.names) return [];
  return rivals.names.map((name) => ({ name, domain: '', mentionRate: rivals.rate }));
}

/** Per-brand rates the scenario sets (`brands`), as `SIMULATOR_BRANDS` would. */
export function scenarioBrandRates(scenario: SimulatorScenario | null): SimulatedBrand[] {
  const brands = scenario?.brands;
  if (!brands) return [];
  return brands.names.map((name) => ({ name, domain: '', mentionRate: brands.rate }));
}

/** The citation rate of a case brand's own site in the scenario; undefined: the usual rate. */
export function brandCitationRate(
  brand: string,
  scenario: SimulatorScenario | null,
): number | undefined {
  const site = scenario?.ownSite;
  if (!site) return undefined;
  const named = site.brands?.some(
    (name) => name.trim().toLowerCase() === brand.trim().toLowerCase(),
  );
  return site.brands === undefined || named ? site.citationRate : undefined;
}
