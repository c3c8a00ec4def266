/**
 * The key set a process signs with, read from its store and read again after `refreshMs`, so a
 * rotation by the operator (another process) reaches a running scanner and key directory within
 * that time. `createIfMissing` (the local stack) makes the first key when the store holds none;
 * on AWS the operator makes it (`rotate-signing-key`), and until then the set is empty: requests
 * go out unsigned and the directory lists no key.
 */
import type {
  SigningKeySet,
  SigningKeySource,
  SigningKeyStore,
} from '#shared/domain/scanner-identity/keys';
import { generateSigningKey } from './generate.ts';

export interface KeySourceOptions {
  createIfMissing: boolean;
  /** How long a read set is used before the store is read again; default 60 s. */
  refreshMs?: number;
  now?: () => number;
}

const EMPTY: SigningKeySet = { version: 1, keys: [] };

export function createKeySource(
  store: SigningKeyStore,
  options: KeySourceOptions,
): SigningKeySource {
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? 60_000;
  let cached: { set: SigningKeySet; readAt: number } | undefined;
  let pending: Promise<SigningKeySet> | undefined;
  const load = async (): Promise<SigningKeySet> => {
    const stored = await store.read();
    if (stored !== undefined) return stored;
    if (!options.createIfMissing) return EMPTY;
    const fresh: SigningKeySet = { version: 1, keys: [generateSigningKey(new Date(now()))] };
    await store.write(fresh);
    // Another process may have written first: what the store holds is what everyone signs with.
    return (await store.read()) ?? fresh;
  };
  return {
    current() {
      if (cached !== undefined && now() - cached.readAt < refreshMs) {
        return Promise.resolve(cached.set);
      }
      pending ??= load()
        .then((set) => {
          cached = { set, readAt: now() };
          return set;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
