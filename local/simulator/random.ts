/**
 * A seeded pseudo-random source so that the same seed and prompt always give the same answer.
 * FNV-1a folds the key into 32 bits; mulberry32 is a tiny generator with good enough spread
 * for picking brands and sources (nothing here needs cryptographic quality).
 */

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRandom(key: string): Random {
  let state = hashText(key);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    chance: (probability) => next() < probability,
    between,
    pick: <T>(items: readonly T[]): T => {
      const item = items[between(0, items.length - 1)];
      if (item === undefined) throw new Error('cannot pick from an empty list');
      return item;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = between(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}

/** A short deterministic id fragment, e.g. for `resp_…` or `msg_…` ids. */
export function idFrom(key: string, length = 24): string {
  let out = '';
  let round = 0;
  while (out.length < length) {
    out += hashText(`${key}#${round}`).toString(36);
    round += 1;
  }
  return out.slice(0, length);
}
