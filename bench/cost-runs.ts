/**
 * The monitor runs the cost benchmark measures (bench/cost-counts.ts): cases whose brand and
 * competitors are fixture sites on loopback (so the run's ScanCitedSites step really scans
 * them, as it would scan real sites), runs of a chosen size, and the tokens a run used, read
 * from its stored answers and judge replies: per answer and family, and per judged answer with
 * the family that judged it.
 */
import type { LocalStack } from '#local/stack';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { getRunDataStore } from '#shared/wiring/monitor';
import { getStore } from '#shared/wiring/platform';
import type { RunningFixtureSite } from '#test/fixtures/sites/index';

type Post = (
  stack: LocalStack,
  key: string,
  route: string,
  body: unknown,
) => Promise<Record<string, unknown>>;

/** The domains of case `index`: its brand and three competitors. */
function caseDomains(index: number): string[] {
  return ['brand', 'rival', 'globex', 'initech'].map((name) => `${name}${index}.localhost`);
}

/** SIMULATOR_SITE_ORIGINS: each case's domains served by its own fixture sites. */
export function siteOrigins(cases: number, sites: readonly RunningFixtureSite[]): string {
  const domains = Array.from({ length: cases }, (_, index) => caseDomains(index)).flat();
  return domains
    .map((domain, i) => `${domain}=http://${domain}:${sites[i]?.host.split(':')[1] ?? ''}`)
    .join(',');
}

export async function createCase(
  stack: LocalStack,
  key: string,
  index: number,
  post: Post,
): Promise<string> {
  const [brand, ...rivals] = caseDomains(index);
  const body = await post(stack, key, '/api/v1/cases', {
    name: `Benchmark Analytics ${index}`,
    domain: brand,
    category: 'product analytics',
    icp: 'B2B SaaS product teams',
    competitors: rivals.map((domain) => ({ name: domain.split('.')[0], domain })),
    use_cases: ['funnel analysis', 'retention tracking'],
    region: 'Germany',
    fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
  });
  return (body.case as { id: string }).id;
}

/** Runs a case with `promptsPerBlock` prompts per block and one repeat; answers its run id. */
export async function runCase(
  stack: LocalStack,
  key: string,
  caseId: string,
  promptsPerBlock: number,
  post: Post,
): Promise<string> {
  const restore = stack.rewire({ MONITOR_PROMPTS_PER_BLOCK: String(promptsPerBlock) });
  try {
    const body = await post(stack, key, `/api/v1/cases/${caseId}/runs`, {});
    const runId = (body.run as { id: string }).id;
    const execution = await stack.workflows.waitFor(`monitor-${runId}`);
    if (execution.status !== 'SUCCEEDED') throw new Error(`run ${runId}: ${execution.status}`);
    return runId;
  } finally {
    restore();
  }
}

interface Tokens {
  input: number;
  output: number;
}

export interface RunTokens {
  answers: number;
  /** Per answer of a family: its tokens and the share of its answers that searched. */
  perAnswer: Record<ProviderFamily, Tokens & { searches: number }>;
  /** Per judged answer of a family: the judging family and the answer's share of its tokens. */
  judgePerAnswer: Record<ProviderFamily, Tokens & { judge_family: ProviderFamily | null }>;
}

const per = (total: number, count: number) => (count === 0 ? 0 : total / count);

/** The tokens of a finished run, from its stored answers and judge replies. */
export async function measureRunTokens(caseId: string, runId: string): Promise<RunTokens> {
  const { doc, tableName } = getStore();
  const owner = await createUsersRepository(doc, tableName).findUserByEmail('bench@example.com');
  if (!owner) throw new Error('no bench user');
  const data = await getRunDataStore().loadRunData({
    owner_id: owner.id,
    case_id: caseId,
    run_id: runId,
  });
  const perAnswer = {} as RunTokens['perAnswer'];
  const judgePerAnswer = {} as RunTokens['judgePerAnswer'];
  let answers = 0;
  for (const family of PROVIDER_FAMILIES) {
    const own = data.answers.flatMap((a) =>
      a.status === 'ok' && a.key.family === family ? [a.record] : [],
    );
    answers += own.length;
    perAnswer[family] = {
      input: per(sum(own.map((r) => r.usage.inputTokens)), own.length),
      output: per(sum(own.map((r) => r.usage.outputTokens)), own.length),
      searches: per(own.filter((r) => r.searched).length, own.length),
    };
    const judged = data.judgements.flatMap((j) =>
      j.status === 'ok' && j.key.family === family ? [j] : [],
    );
    judgePerAnswer[family] = {
      judge_family: judged[0]?.judge_family ?? null,
      input: per(sum(judged.map((j) => j.usage.inputTokens)), judged.length),
      output: per(sum(judged.map((j) => j.usage.outputTokens)), judged.length),
    };
  }
  return { answers, perAnswer, judgePerAnswer };
}

function sum(values: readonly (number | null)[]): number {
  return values.reduce<number>((total, value) => total + (value ?? 0), 0);
}
