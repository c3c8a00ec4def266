/**
 * Memos for pure functions of one string (the mention matcher's text preparation, a name's match
 * keys, a judge reply's JSON, a host's registrable domain). Reading a run's answers measures each
 * answer against the same prompts, names, cited hosts and batched judge replies again and again
 * (docs/decisions.md "The answers page"); the results are shared between callers, who only read
 * them.
 */

/**
 * Keeps the result of the latest call: the judge reader and the measurer prepare the same answer
 * one after the other, and the answers of one batched judge reply come one after the other.
 */
export function lastCallMemo<R>(compute: (key: string) => R): (key: string) => R {
  let last: { key: string; value: R } | undefined;
  return (key) => {
    if (last !== undefined && last.key === key) return last.value;
    const value = compute(key);
    last = { key, value };
    return value;
  };
}

/**
 * Keeps the newest `limit` results of keys up to `maxKeyLength` characters (prompts, names,
 * hosts repeat across a run; long texts rarely do, and hashing them costs more than it saves),
 * and the latest call's whatever its length. The oldest kept result goes first.
 */
export function boundedMemo<R>(
  limit: number,
  maxKeyLength: number,
  compute: (key: string) => R,
): (key: string) => R {
  const kept = new Map<string, R>();
  const latest = lastCallMemo(compute);
  return (key) => {
    if (key.length > maxKeyLength) return latest(key);
    if (kept.has(key)) return kept.get(key) as R;
    const value = compute(key);
    kept.set(key, value);
    if (kept.size > limit) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    return value;
  };
}
