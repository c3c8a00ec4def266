import { describe, expect, it } from 'vitest';
import {
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  keyHint,
} from '#shared/domain/accounts/api-keys';

describe('API keys', () => {
  it('generates prefixed keys whose checksum verifies', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^ars_[0-9A-Za-z]{46}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('generates a different key every time', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
  });

  it('rejects a key with one mistyped character through the checksum', () => {
    const key = generateApiKey();
    const position = 10;
    const replacement = key[position] === 'a' ? 'b' : 'a';
    const typo = `${key.slice(0, position)}${replacement}${key.slice(position + 1)}`;
    expect(isWellFormedApiKey(typo)).toBe(false);
  });

  it('rejects keys of the wrong prefix, length or alphabet', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.replace('ars_', 'sk_'))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}0`)).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, 20)}-${key.slice(21)}`)).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('stores a SHA-256 hex digest, never the key', () => {
    const key = generateApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(4, 20));
    expect(hashApiKey(key)).toBe(hash);
  });

  it('shows only the prefix and last four characters as a hint', () => {
    const key = generateApiKey();
    expect(keyHint(key)).toBe(`ars_…${key.slice(-4)}`);
  });
});
