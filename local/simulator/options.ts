import type { SimulatedBrand } from './answer.ts';
import { parseFaults } from './faults.ts';
import type { SimulatorOptions } from './server.ts';

/**
 * Simulator options from environment variables, for `npm start` and the standalone runner:
 *
 * - SIMULATOR_SEED: any string; the same seed and prompt give the same answer.
 * - SIMULATOR_BRANDS / SIMULATOR_COMPETITORS: `Name=domain[@rate]`, comma-separated,
 *   e.g. `Acme Analytics=acme-analytics.example@0.9,Globex=globex.example`.
 * - SIMULATOR_BRAND_RATE / SIMULATOR_COMPETITOR_RATE: default mention rates (0..1).
 * - SIMULATOR_CITATION_RATE: how often a mentioned brand's own site is cited (0..1).
 * - SIMULATOR_THIRD_PARTY_DOMAINS: comma-separated review/forum domains to cite.
 * - SIMULATOR_FAULTS: see `parseFaults` (e.g. `openai=throttle:30,google=slow:8000`).
 * - SIMULATOR_VARY_REPEATS: `1` makes identical requests differ by repeat index.
 * - SIMULATOR_PORT / SIMULATOR_HOST: where to listen (default a free port on 127.0.0.1).
 */
export function simulatorOptionsFromEnv(env: Record<string, string | undefined>): SimulatorOptions {
  const options: SimulatorOptions = {};
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const seed = text('SIMULATOR_SEED');
  if (seed) options.seed = seed;
  const brands = text('SIMULATOR_BRANDS');
  if (brands) options.brands = parseBrands('SIMULATOR_BRANDS', brands);
  const competitors = text('SIMULATOR_COMPETITORS');
  if (competitors) options.competitors = parseBrands('SIMULATOR_COMPETITORS', competitors);
  const brandRate = rate(env, 'SIMULATOR_BRAND_RATE');
  if (brandRate !== undefined) options.brandMentionRate = brandRate;
  const competitorRate = rate(env, 'SIMULATOR_COMPETITOR_RATE');
  if (competitorRate !== undefined) options.competitorMentionRate = competitorRate;
  const citationRate = rate(env, 'SIMULATOR_CITATION_RATE');
  if (citationRate !== undefined) options.ownCitationRate = citationRate;
  const thirdParty = text('SIMULATOR_THIRD_PARTY_DOMAINS');
  if (thirdParty)
    options.thirdPartyDomains = thirdParty
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean);
  const faults = text('SIMULATOR_FAULTS');
  if (faults) options.faults = parseFaults(faults);
  if (text('SIMULATOR_VARY_REPEATS') === '1') options.varyRepeats = true;
  const port = text('SIMULATOR_PORT');
  if (port) options.port = Number(port);
  const host = text('SIMULATOR_HOST');
  if (host) options.host = host;
  return options;
}

function parseBrands(variable: string, value: string): SimulatedBrand[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([^=]+)=([a-z0-9.-]+)(?:@(0(?:\.\d+)?|1(?:\.0+)?))?$/i.exec(entry);
      if (!match?.[1] || !match[2]) throw new Error(`${variable}: cannot read "${entry}"`);
      const brand: SimulatedBrand = { name: match[1].trim(), domain: match[2].toLowerCase() };
      if (match[3] !== undefined) brand.mentionRate = Number(match[3]);
      return brand;
    });
}

function rate(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new Error(`${name} must be a number between 0 and 1`);
  }
  return parsed;
}
