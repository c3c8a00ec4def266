import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '#shared/adapters/signing-keys/generate';
import {
  activeKey,
  jwkThumbprint,
  parseKeySet,
  publishedKeys,
  rotateKeys,
  type SigningKeySet,
} from '#shared/domain/scanner-identity/keys';

const HOUR = 3_600_000;

describe('the scanner key set', () => {
  it('names a key by its RFC 7638 thumbprint (RFC 8037 appendix A.3 vector)', () => {
    const x = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x })).toBe(
      'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
    );
  });

  it('signs with the newest key and keeps the replaced one published until the overlap ends', () => {
    const start = new Date('2026-11-28T00:00:00Z');
    const first = generateSigningKey(start);
    const set: SigningKeySet = { version: 1, keys: [first] };
    const second = generateSigningKey(start);
    const rotated = rotateKeys(set, second, start, 24 * HOUR);
    expect(activeKey(rotated)?.kid).toBe(second.kid);
    const kids = (at: number) =>
      publishedKeys(rotated, new Date(start.getTime() + at)).map((key) => key.kid);
    expect(kids(23 * HOUR)).toEqual([second.kid, first.kid]);
    expect(kids(25 * HOUR)).toEqual([second.kid]);
    // A later rotation drops keys whose overlap already ended.
    const third = generateSigningKey(start);
    const later = rotateKeys(rotated, third, new Date(start.getTime() + 25 * HOUR), 0);
    expect(later.keys.map((key) => key.kid)).toEqual([third.kid, second.kid]);
  });

  it('refuses a stored set whose kid is not the thumbprint of its key', () => {
    const key = generateSigningKey(new Date());
    expect(parseKeySet({ version: 1, keys: [key] })?.keys[0]?.kid).toBe(key.kid);
    expect(parseKeySet({ version: 1, keys: [{ ...key, kid: 'forged' }] })).toBeUndefined();
    expect(parseKeySet({ unused: 'placeholder' })).toBeUndefined();
  });
});
