/**
 * Simulator options from environment variables, for `npm start` and the standalone runner:
 *
 * - SIMULATOR_SEED: any string; the same seed and prompt give the same answer.
 * - SIMULATOR_BRANDS / SIMULATOR_COMPETITORS: `Name=domain[@rate]`, comma-separated,
 *   e.g. `Acme Analytics=acme-analytics.example@0.9,Globex=globex.example`.
 * - SIMULATOR_BRAND_RATE / SIMULATOR_COMPETITOR_RATE: mention rates (0..1) for every family
 *   and mode, instead of each family's defaults.
 * - SIMULATOR_CITATION_RATE: how often a mentioned company's own site is cited (0..1).
 * - SIMULATOR_BRAND_RATE_<FAMILY>, SIMULATOR_COMPETITOR_RATE_<FAMILY>,
 *   SIMULATOR_CITATION_RATE_<FAMILY> (OPENAI, ANTHROPIC, PERPLEXITY, GOOGLE): one family's
 *   rates; they win over the variables without a family.
 * - SIMULATOR_FACT_ERROR_RATE: how often a fact a brand-facts answer states is wrong (0..1).
 * - SIMULATOR_THIRD_PARTY_DOMAINS: comma-separated review/forum domains to cite.
 * - SIMULATOR_SITE_ORIGINS: `domain=origin`, comma-separated: case answers cite that domain's
 *   pages at that origin (e.g. `rival.localhost=http://rival.localhost:4100`), so a loopback
 *   fixture site stands in for a cited site (the monitor's readiness tests).
 * - SIMULATOR_FAULTS: see `parseFaults` (e.g. `openai=throttle:30,google=slow:8000`).
 * - SIMULATOR_VARY_REPEATS: `1` makes identical requests differ by repeat index, `0` never
 *   (the default is on for a monitor backend with cases, off otherwise).
 * - SIMULATOR_PORT / SIMULATOR_HOST: where to listen (default a free port on 127.0.0.1).
 * - SIMULATOR_HOSTILE_CITATIONS: `1` makes every web-search answer also cite a `javascript:` and
 *   a `data:` URL (hostile.ts), for tests of what the service keeps.
 */
import type { SimulatedBrand } from './answer.ts';
import { parseFaults, SIMULATED_FAMILIES } from './faults.ts';
import type { RateKnobs } from './rates.ts';
import type { SimulatorOptions } from './server.ts';

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
  const familyRates = familyRatesFromEnv(env);
  if (Object.keys(familyRates).length > 0) options.familyRates = familyRates;
  const factErrorRate = rate(env, 'SIMULATOR_FACT_ERROR_RATE');
  if (factErrorRate !== undefined) options.factErrorRate = factErrorRate;
  const thirdParty = text('SIMULATOR_THIRD_PARTY_DOMAINS');
  if (thirdParty)
    options.thirdPartyDomains = thirdParty
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean);
  const siteOrigins = text('SIMULATOR_SITE_ORIGINS');
  if (siteOrigins) options.siteOrigins = parseSiteOrigins(siteOrigins);
  const faults = text('SIMULATOR_FAULTS');
  if (faults) options.faults = parseFaults(faults);
  const vary = text('SIMULATOR_VARY_REPEATS');
  if (vary === '1' || vary === '0') options.varyRepeats = vary === '1';
  const port = text('SIMULATOR_PORT');
  if (port) options.port = Number(port);
  const host = text('SIMULATOR_HOST');
  if (host) options.host = host;
  if (text('SIMULATOR_HOSTILE_CITATIONS') === '1') options.hostileCitations = true;
  return options;
}

const KNOB_VARIABLES: Record<keyof RateKnobs, string> = {
  brandMentionRate: 'SIMULATOR_BRAND_RATE',
  competitorMentionRate: 'SIMULATOR_COMPETITOR_RATE',
  ownCitationRate: 'SIMULATOR_CITATION_RATE',
};

function familyRatesFromEnv(env: Record<string, string | undefined>) {
  const familyRates: NonNullable<SimulatorOptions['familyRates']> = {};
  for (const family of SIMULATED_FAMILIES) {
    const knobs: Partial<RateKnobs> = {};
    for (const [knob, variable] of Object.entries(KNOB_VARIABLES) as [keyof RateKnobs, string][]) {
      const value = rate(env, `${variable}_${family.toUpperCase()}`);
      if (value !== undefined) knobs[knob] = value;
    }
    if (Object.keys(knobs).length > 0) familyRates[family] = knobs;
  }
  return familyRates;
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

/** `rival.localhost=http://rival.localhost:4100,...` to a domain-to-origin map. */
export function parseSiteOrigins(value: string): Record<string, string> {
  const origins: Record<string, string> = {};
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9.-]+)=(https?:\/\/[^\s/]+)\/?$/i.exec(entry);
    if (!match?.[1] || !match[2]) throw new Error(`SIMULATOR_SITE_ORIGINS: cannot read "${entry}"`);
    origins[match[1].toLowerCase()] = match[2];
  }
  return origins;
}
