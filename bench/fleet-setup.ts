/**
 * The fleet benchmark's customers (bench/fleet.ts): `accounts` Pro accounts sharing `cases`
 * cases, the smallest with one case and the others in doubling shares (an agency among them),
 * created interleaved so that no account's cases come first in the schedule's pages.
 */
import { createTeamRepository } from '#shared/adapters/dynamodb/team-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { createOperatorService } from '#shared/domain/accounts/operator-service';
import { getClock, getStore } from '#shared/wiring/platform';

export interface FleetAccount {
  email: string;
  key: string;
  /** The owner's id: the account the budget shares by. */
  userId: string;
  cases: number;
}

/** Cases per account: one for the first, the rest in shares doubling from one account to the next. */
export function accountSizes(cases: number, accounts: number): number[] {
  if (accounts <= 1) return [cases];
  const rest = cases - 1;
  const weights = Array.from({ length: accounts - 1 }, (_, index) => 2 ** index);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const sizes = weights.map((weight) => Math.floor((rest * weight) / total));
  let left = rest - sizes.reduce((sum, size) => sum + size, 0);
  for (let index = sizes.length - 1; left > 0; index = (index + sizes.length - 1) % sizes.length) {
    sizes[index] = (sizes[index] ?? 0) + 1;
    left -= 1;
  }
  return [1, ...sizes];
}

export async function createFleetAccounts(
  cases: number,
  accounts: number,
): Promise<FleetAccount[]> {
  const { doc, tableName } = getStore();
  const users = createUsersRepository(doc, tableName);
  const operator = createOperatorService({
    users,
    members: createTeamRepository(doc, tableName),
    adminEmails: [],
    clock: getClock(),
  });
  const out: FleetAccount[] = [];
  for (const [index, size] of accountSizes(cases, accounts).entries()) {
    const email = `fleet-${index + 1}@example.com`;
    const user = await operator.createUser({ email, plan: 'pro' });
    const { key } = await operator.createKey({
      email,
      scopes: ['monitor:read', 'monitor:write'],
      plugin: false,
    });
    out.push({ email, key, userId: user.id, cases: size });
  }
  return out;
}

/** A case for the `n`-th customer of `account`: its own brand and competitors. */
export function fleetCase(account: number, n: number) {
  const brand = `Fleet ${account + 1}-${n + 1} Analytics`;
  return {
    name: brand,
    domain: `fleet-${account + 1}-${n + 1}.example`,
    category: 'product analytics',
    icp: 'B2B SaaS product teams',
    competitors: [
      { name: `Rival ${account + 1}-${n + 1}`, domain: `rival-${account + 1}-${n + 1}.example` },
    ],
    use_cases: ['funnel analysis'],
    region: 'Germany',
    languages: ['en'],
    fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
  };
}

/** Creates every account's cases, one account after another within each round. */
export async function createFleetCases(
  baseUrl: string,
  accounts: readonly FleetAccount[],
): Promise<Map<string, FleetAccount>> {
  const owners = new Map<string, FleetAccount>();
  const most = Math.max(...accounts.map((account) => account.cases));
  for (let round = 0; round < most; round += 1) {
    for (const [index, account] of accounts.entries()) {
      if (round >= account.cases) continue;
      const response = await fetch(`${baseUrl}/api/v1/cases`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(fleetCase(index, round)),
      });
      const body = (await response.json()) as { case?: { id: string } };
      if (!response.ok || !body.case) throw new Error(`case not created: ${JSON.stringify(body)}`);
      owners.set(body.case.id, account);
    }
  }
  return owners;
}
