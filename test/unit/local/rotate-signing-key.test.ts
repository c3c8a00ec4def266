import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdmin } from '#local/admin/main';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function admin(args: string[], dataDir: string) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(
    args,
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
    { DATA_DIR: dataDir },
  );
  return { code, stdout, stderr };
}

describe('npm run --silent admin -- rotate-signing-key', () => {
  it('makes a key, then replaces it while the old one stays published for the overlap', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rotate-'));
    folders.push(dataDir);
    const first = await admin(['rotate-signing-key'], dataDir);
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout) as { active: { kid: string }; published: unknown[] };
    expect(made.published).toHaveLength(1);
    expect(statSync(join(dataDir, 'signing-keys.json')).mode & 0o777).toBe(0o600);

    const second = JSON.parse(
      (await admin(['rotate-signing-key', '--overlap-hours', '2'], dataDir)).stdout,
    );
    expect(second.active.kid).not.toBe(made.active.kid);
    expect(second.published.map((key: { kid: string }) => key.kid)).toEqual([
      second.active.kid,
      made.active.kid,
    ]);
    const stored = JSON.parse(readFileSync(join(dataDir, 'signing-keys.json'), 'utf8'));
    expect(stored.keys[0].jwk.d).toEqual(expect.any(String));
  });

  it('refuses an overlap that is not a number of hours', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rotate-'));
    folders.push(dataDir);
    const refused = await admin(['rotate-signing-key', '--overlap-hours', 'soon'], dataDir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--overlap-hours/);
  });
});
