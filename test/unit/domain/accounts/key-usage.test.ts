import { describe, expect, it } from 'vitest';
import {
  createKeyUseRecorder,
  KEY_LAST_USED_RESOLUTION_MS,
} from '#shared/domain/accounts/key-usage';
import type { KeyUsage } from '#shared/domain/accounts/ports';
import type { KeyPrincipal, Principal } from '#shared/domain/accounts/principal';
import type { Scope } from '#shared/domain/accounts/scopes';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

/** The "last used" recording rule (docs/api.md "API keys"): no write per request. */
const keyOf = (keyId: string): KeyPrincipal => ({
  kind: 'key',
  keyId,
  accountId: 'u1',
  memberId: 'u1',
  role: 'owner',
  email: 'a@example.com',
  scopes: new Set<Scope>(['scans:read']),
  plugin: false,
});

function recordingUsage(fail?: () => Error) {
  const writes: { keyId: string; at: string }[] = [];
  const usage: KeyUsage = {
    async recordUse(keyId, at) {
      writes.push({ keyId, at: at.toISOString() });
      if (fail) throw fail();
    },
    async lastUsed() {
      return new Map();
    },
  };
  return { usage, writes };
}

describe('recording the last use of a key', () => {
  it('tries one write per key per resolution in a process, and again once it has passed', async () => {
    let now = Date.parse('2026-11-25T10:00:00.000Z');
    const { usage, writes } = recordingUsage();
    const recorder = createKeyUseRecorder(usage, logger, () => now);
    await recorder.record(keyOf('key_a'));
    now += 1000;
    await recorder.record(keyOf('key_a'));
    now += KEY_LAST_USED_RESOLUTION_MS - 2000;
    await recorder.record(keyOf('key_a'));
    expect(writes).toEqual([{ keyId: 'key_a', at: '2026-11-25T10:00:00.000Z' }]);
    now += 1000;
    await recorder.record(keyOf('key_a'));
    expect(writes.map((write) => write.at)).toEqual([
      '2026-11-25T10:00:00.000Z',
      new Date(Date.parse('2026-11-25T10:00:00.000Z') + KEY_LAST_USED_RESOLUTION_MS).toISOString(),
    ]);
  });

  it('keeps each key apart', async () => {
    const { usage, writes } = recordingUsage();
    const recorder = createKeyUseRecorder(usage, logger, () => 0);
    await Promise.all([
      recorder.record(keyOf('key_a')),
      recorder.record(keyOf('key_b')),
      recorder.record(keyOf('key_a')),
    ]);
    expect(writes.map((write) => write.keyId)).toEqual(['key_a', 'key_b']);
  });

  it('records nothing for an anonymous caller or a dashboard session', async () => {
    const { usage, writes } = recordingUsage();
    const recorder = createKeyUseRecorder(usage, logger);
    const others: Principal[] = [
      { kind: 'anonymous' },
      {
        kind: 'session',
        sessionId: 's1',
        csrfToken: 't',
        accountId: 'u1',
        memberId: 'u1',
        role: 'owner',
        email: 'a@example.com',
        scopes: new Set<Scope>(['scans:read']),
      },
    ];
    for (const principal of others) await recorder.record(principal);
    expect(writes).toEqual([]);
  });

  it('swallows a store error, and does not retry it on every request', async () => {
    let now = 0;
    const { usage, writes } = recordingUsage(() =>
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }),
    );
    const recorder = createKeyUseRecorder(usage, logger, () => now);
    await expect(recorder.record(keyOf('key_a'))).resolves.toBeUndefined();
    now += 1000;
    await expect(recorder.record(keyOf('key_a'))).resolves.toBeUndefined();
    expect(writes).toHaveLength(1);
    now += KEY_LAST_USED_RESOLUTION_MS;
    await recorder.record(keyOf('key_a'));
    expect(writes).toHaveLength(2);
  });

  it('forgets the longest-untried key past its bound, so many keys cannot grow the memo', async () => {
    const { usage, writes } = recordingUsage();
    const recorder = createKeyUseRecorder(usage, logger, () => 0);
    for (let index = 0; index <= 1000; index += 1) await recorder.record(keyOf(`key_${index}`));
    expect(writes).toHaveLength(1001);
    // key_0 was forgotten to make room for key_1000; key_1 is still remembered.
    await recorder.record(keyOf('key_1'));
    await recorder.record(keyOf('key_0'));
    expect(writes.slice(1001).map((write) => write.keyId)).toEqual(['key_0']);
  });
});
