/**
 * An in-memory provider budget for unit tests of the governor and the lanes: the same record
 * semantics as the DynamoDB adapter (test/adapters/dynamodb/provider-budget.test.ts checks those
 * on dynalite), each operation applied at once, every call counted.
 */
import type {
  BudgetKey,
  BudgetView,
  ProviderBudget,
  TakeRequest,
} from '#shared/domain/monitor/budget/ports';

export interface MemoryBudget extends ProviderBudget {
  operations: number;
  view(key?: BudgetKey): BudgetView;
}

type Mutable = {
  next: number;
  cut?: { rpm: number; at: number };
  announced?: { rpm?: number; tpm?: number };
  accounts: Record<string, { registered: number; granted: number; touched: number }>;
};

export function memoryBudget(): MemoryBudget {
  const records = new Map<string, Mutable>();
  const record = (key: BudgetKey): Mutable => {
    const id = `${key.family}#${key.shard}`;
    let found = records.get(id);
    if (!found) {
      found = { next: 0, accounts: {} };
      records.set(id, found);
    }
    return found;
  };
  const account = (r: Mutable, id: string) =>
    (r.accounts[id] ??= { registered: 0, granted: 0, touched: 0 });
  const copy = (r: Mutable): BudgetView => structuredClone(r);
  const budget: MemoryBudget = {
    operations: 0,
    view: (key = { family: 'openai', shard: 0 }) => copy(record(key)),
    async register(key, id, slots, now) {
      budget.operations += 1;
      const r = record(key);
      const queue = account(r, id);
      queue.registered += slots;
      queue.touched = now;
      return copy(r);
    },
    async take(key, request: TakeRequest) {
      budget.operations += 1;
      const r = record(key);
      const behind = r.next < request.now - request.toleranceMs;
      if (!behind && r.next > request.horizon) return { view: copy(r), firstAt: null };
      const firstAt = behind ? request.now : r.next;
      r.next = firstAt + request.spanMs;
      const queue = account(r, request.account);
      queue.granted += request.slots;
      queue.registered += request.register;
      queue.touched = request.now;
      for (const stale of request.prune) delete r.accounts[stale];
      return { view: copy(r), firstAt };
    },
    async withdraw(key, id, slots, now) {
      budget.operations += 1;
      const queue = account(record(key), id);
      queue.granted += slots;
      queue.touched = now;
    },
    async read(key) {
      budget.operations += 1;
      return copy(record(key));
    },
    async announce(key, limits) {
      budget.operations += 1;
      const r = record(key);
      r.announced = { ...r.announced, ...limits };
    },
    async cut(key, cut) {
      budget.operations += 1;
      const r = record(key);
      const wrote = !r.cut || r.cut.at < cut.at - cut.windowMs;
      if (wrote) r.cut = { rpm: cut.rpm, at: cut.at };
      r.next = Math.max(r.next, cut.holdUntil);
      return wrote;
    },
  };
  return budget;
}
