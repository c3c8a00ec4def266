/**
 * API key format: `ars_` + 40 random base62 characters + 6 base62 characters of CRC32 over the
 * prefix and body. The checksum lets us reject typos and look-alikes before any store read (and
 * lets secret scanners recognise our keys); the 40 characters carry ~238 bits of entropy, so a
 * single SHA-256 is the right storage hash (slow hashes exist for low-entropy passwords).
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { sha256Hex } from '#shared/domain/kernel/hash';

export const API_KEY_PREFIX = 'ars_';
const BODY_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}[0-9A-Za-z]{${CHECKSUM_LENGTH}}$`,
);

export function generateApiKey(): string {
  const body = randomBase62(BODY_LENGTH);
  return `${API_KEY_PREFIX}${body}${checksumOf(`${API_KEY_PREFIX}${body}`)}`;
}

/** True when the key has our shape and its checksum matches: cheap, no I/O. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (!KEY_PATTERN.test(candidate)) return false;
  const withoutChecksum = candidate.slice(0, -CHECKSUM_LENGTH);
  return checksumOf(withoutChecksum) === candidate.slice(-CHECKSUM_LENGTH);
}

/** The only form in which a key is stored. */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Public id of a key (safe to print, list and use for revocation). */
export function generateKeyId(): string {
  return `key_${randomBase62(16)}`;
}

/** A short, non-secret hint for listings: the prefix and the last four characters. */
export function keyHint(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}

/**
 * Text with every API-key-shaped token (`ars_` and what follows, valid or not) replaced by
 * `ars_…`: error messages quote paths and ids as the caller sent them, and a key in a path
 * (the MCP route `/api/mcp/{key}`) must never come back in a response body (issue 18).
 */
export function redactApiKeys(text: string): string {
  return text.replace(/ars_[^/\s"'?#]*/gi, `${API_KEY_PREFIX}…`);
}

function checksumOf(text: string): string {
  return toBase62(crc32(text)).padStart(CHECKSUM_LENGTH, '0');
}

function toBase62(value: number): string {
  let remaining = value;
  let out = '';
  do {
    out = BASE62[remaining % 62] + out;
    remaining = Math.floor(remaining / 62);
  } while (remaining > 0);
  return out;
}

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
