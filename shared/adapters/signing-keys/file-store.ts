/**
 * The key set in a file (locally: `signing-keys.json` under DATA_DIR), written owner-only
 * (0600) through a temporary file and a rename, so a reader never sees half a set.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  parseKeySet,
  type SigningKeySet,
  type SigningKeyStore,
} from '#shared/domain/scanner-identity/keys';

export const SIGNING_KEYS_FILE = 'signing-keys.json';

export function createFileKeyStore(dataDir: string): SigningKeyStore {
  const path = join(dataDir, SIGNING_KEYS_FILE);
  return {
    description: `file ${path}`,
    async read() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const set = parseKeySet(JSON.parse(text));
      if (set === undefined) throw new Error(`${path} does not hold a signing key set`);
      return set;
    },
    async write(set: SigningKeySet) {
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(set, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, path);
    },
  };
}

/** Tests and a stack without DATA_DIR: the set lives as long as the process. */
export function createMemoryKeyStore(): SigningKeyStore {
  let held: SigningKeySet | undefined;
  return {
    description: 'memory (no DATA_DIR)',
    read: async () => held,
    write: async (set) => {
      held = set;
    },
  };
}
