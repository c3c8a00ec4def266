/**
 * Provider configuration from the environment, validated once at start. Keys may be absent:
 * a family without a key is served by the local simulator (see `describeProviderSetup`).
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';

export interface FamilyConfig {
  family: ProviderFamily;
  apiKey: string | undefined;
  /** The API root as each official SDK spells it (OpenAI's includes `/v1`, see openai.ts). */
  baseUrl: string;
  model: string;
  timeoutMs: number;
  maxOutputTokens: number;
}

export type ProvidersConfig = Record<ProviderFamily, FamilyConfig>;

interface FamilyEnvNames {
  key: string;
  baseUrl: string;
  model: string;
  timeout: string;
}

/** Env variable names per family. Gemini's key keeps Google's own name, GEMINI_API_KEY. */
export const PROVIDER_ENV: Record<ProviderFamily, FamilyEnvNames> = {
  openai: {
    key: 'OPENAI_API_KEY',
    baseUrl: 'OPENAI_BASE_URL',
    model: 'OPENAI_MODEL',
    timeout: 'OPENAI_TIMEOUT_MS',
  },
  anthropic: {
    key: 'ANTHROPIC_API_KEY',
    baseUrl: 'ANTHROPIC_BASE_URL',
    model: 'ANTHROPIC_MODEL',
    timeout: 'ANTHROPIC_TIMEOUT_MS',
  },
  perplexity: {
    key: 'PERPLEXITY_API_KEY',
    baseUrl: 'PERPLEXITY_BASE_URL',
    model: 'PERPLEXITY_MODEL',
    timeout: 'PERPLEXITY_TIMEOUT_MS',
  },
  google: {
    key: 'GEMINI_API_KEY',
    baseUrl: 'GOOGLE_BASE_URL',
    model: 'GOOGLE_MODEL',
    timeout: 'GOOGLE_TIMEOUT_MS',
  },
};

export const PROVIDER_DEFAULTS: Record<ProviderFamily, { baseUrl: string; model: string }> = {
  openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-5-mini' },
  anthropic: { baseUrl: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' },
  perplexity: { baseUrl: 'https://api.perplexity.ai', model: 'perplexity/sonar' },
  google: { baseUrl: 'https://generativelanguage.googleapis.com', model: 'gemini-2.5-flash' },
};

// Grounded answers take 10-60 s in practice; 90 s leaves room without hanging a step forever.
const DEFAULT_TIMEOUT_MS = 90_000;
const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/** Empty strings count as unset, as they do in most shells and .env loaders. */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const positiveInt = z
  .string()
  .regex(/^[1-9]\d*$/, 'must be a positive integer')
  .transform(Number);

function familySchema(names: FamilyEnvNames) {
  return z.object({
    [names.key]: optionalText,
    [names.baseUrl]: optionalText.pipe(httpUrl.optional()),
    [names.model]: optionalText,
    [names.timeout]: optionalText.pipe(positiveInt.optional()),
  });
}

const SharedSchema = z.object({
  PROVIDER_TIMEOUT_MS: optionalText
    .pipe(positiveInt.optional())
    .transform((value) => value ?? DEFAULT_TIMEOUT_MS),
  PROVIDER_MAX_OUTPUT_TOKENS: optionalText
    .pipe(positiveInt.optional())
    .transform((value) => value ?? DEFAULT_MAX_OUTPUT_TOKENS),
});

export class ProviderConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProviderConfigError';
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Reads and validates every family's settings; throws `ProviderConfigError` naming each bad variable. */
export function loadProvidersConfig(env: Env): ProvidersConfig {
  const shared = SharedSchema.safeParse(env);
  const problems: string[] = shared.success ? [] : describeIssues(shared.error);
  const families: Partial<ProvidersConfig> = {};
  for (const family of PROVIDER_FAMILIES) {
    const names = PROVIDER_ENV[family];
    const parsed = familySchema(names).safeParse(env);
    if (!parsed.success) {
      problems.push(...describeIssues(parsed.error));
      continue;
    }
    const values = parsed.data as Record<string, string | number | undefined>;
    families[family] = {
      family,
      apiKey: values[names.key] as string | undefined,
      baseUrl: trimTrailingSlash(
        (values[names.baseUrl] as string | undefined) ?? PROVIDER_DEFAULTS[family].baseUrl,
      ),
      model: (values[names.model] as string | undefined) ?? PROVIDER_DEFAULTS[family].model,
      timeoutMs:
        (values[names.timeout] as number | undefined) ??
        (shared.success ? shared.data.PROVIDER_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
      maxOutputTokens: shared.success
        ? shared.data.PROVIDER_MAX_OUTPUT_TOKENS
        : DEFAULT_MAX_OUTPUT_TOKENS,
    };
  }
  if (problems.length > 0) {
    throw new ProviderConfigError(`Invalid provider configuration: ${problems.join('; ')}`);
  }
  return families as ProvidersConfig;
}

export interface FamilySetup {
  family: ProviderFamily;
  /** `real` when the family's API key is set, else `simulated` (served by local/simulator). */
  mode: 'real' | 'simulated';
  keyVariable: string;
  baseUrlVariable: string;
}

/**
 * Which families talk to the real provider and which to the simulator: a family is real
 * exactly when its API key is set to a non-empty value. `npm start` prints this.
 */
export function describeProviderSetup(env: Env): Record<ProviderFamily, FamilySetup> {
  const entries = PROVIDER_FAMILIES.map((family) => {
    const names = PROVIDER_ENV[family];
    const key = env[names.key]?.trim();
    const setup: FamilySetup = {
      family,
      mode: key ? 'real' : 'simulated',
      keyVariable: names.key,
      baseUrlVariable: names.baseUrl,
    };
    return [family, setup] as const;
  });
  return Object.fromEntries(entries) as Record<ProviderFamily, FamilySetup>;
}

/** The value `simulatedProviderEnv` puts in a missing key variable; the simulator accepts any key. */
export const SIMULATED_API_KEY = 'simulated';

/**
 * Environment overrides that point every keyless family at a running simulator: a placeholder
 * key and the simulator's URL as base URL. Families with a key are left untouched.
 */
export function simulatedProviderEnv(env: Env, simulatorUrl: string): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const setup of Object.values(describeProviderSetup(env))) {
    if (setup.mode === 'real') continue;
    overrides[setup.keyVariable] = SIMULATED_API_KEY;
    overrides[setup.baseUrlVariable] = simulatorUrl;
  }
  return overrides;
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
}

function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
