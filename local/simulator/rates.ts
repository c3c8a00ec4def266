/**
 * How often simulated answers name companies and cite their sites, per family and mode.
 *
 * The built-in defaults differ by family (Perplexity, search-first, names and cites the most)
 * and by mode (without web search a smaller brand is recalled less often), so a run against
 * the simulator shows model and training-recall gaps. Any rate set explicitly (globally, per
 * family, or per company with `Name=domain@rate`) applies to both modes unchanged: the
 * probability that an answer to a prompt that does not name the brand names it is then
 * exactly that rate, which is what the monitor's visibility estimates.
 */
import type { SimulatedBrand } from './answer.ts';
import type { SimulatedFamily } from './faults.ts';

export interface RateKnobs {
  /** Probability that an answer to a prompt not naming the brand names it. */
  brandMentionRate: number;
  /** The same, per competitor. */
  competitorMentionRate: number;
  /** Probability that a named company's own site is cited (online mode). */
  ownCitationRate: number;
}

type Mode = 'raw' | 'online';

export const DEFAULT_RATES: Record<SimulatedFamily, Record<Mode, RateKnobs>> = {
  openai: {
    raw: { brandMentionRate: 0.25, competitorMentionRate: 0.45, ownCitationRate: 0 },
    online: { brandMentionRate: 0.4, competitorMentionRate: 0.55, ownCitationRate: 0.5 },
  },
  anthropic: {
    raw: { brandMentionRate: 0.2, competitorMentionRate: 0.4, ownCitationRate: 0 },
    online: { brandMentionRate: 0.35, competitorMentionRate: 0.5, ownCitationRate: 0.4 },
  },
  perplexity: {
    raw: { brandMentionRate: 0.3, competitorMentionRate: 0.5, ownCitationRate: 0 },
    online: { brandMentionRate: 0.5, competitorMentionRate: 0.6, ownCitationRate: 0.8 },
  },
  google: {
    raw: { brandMentionRate: 0.25, competitorMentionRate: 0.45, ownCitationRate: 0 },
    online: { brandMentionRate: 0.45, competitorMentionRate: 0.55, ownCitationRate: 0.6 },
  },
};

export interface RateOverrides {
  /** Applies to every family and mode (SIMULATOR_BRAND_RATE etc.). */
  global: Partial<RateKnobs>;
  /** Applies to one family in both modes (SIMULATOR_BRAND_RATE_OPENAI etc.); wins over global. */
  perFamily: Partial<Record<SimulatedFamily, Partial<RateKnobs>>>;
}

export function ratesFor(family: SimulatedFamily, mode: Mode, overrides: RateOverrides): RateKnobs {
  return {
    ...DEFAULT_RATES[family][mode],
    ...definedOnly(overrides.global),
    ...definedOnly(overrides.perFamily[family] ?? {}),
  };
}

/** A company's own rate from SIMULATOR_BRANDS / SIMULATOR_COMPETITORS (`Name=domain@rate`). */
export function namedRate(name: string, companies: readonly SimulatedBrand[]): number | undefined {
  const key = name.trim().toLowerCase();
  return companies.find((c) => c.name.trim().toLowerCase() === key)?.mentionRate;
}

function definedOnly(knobs: Partial<RateKnobs>): Partial<RateKnobs> {
  return Object.fromEntries(Object.entries(knobs).filter(([, v]) => v !== undefined));
}
