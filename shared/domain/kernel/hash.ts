/**
 * SHA-256 digests of text, each named by its encoding: hex where a digest is stored or compared
 * (API keys, session tokens, idempotency keys, receiver URLs, SigV4), base64 where a standard
 * asks for it (Content-Security-Policy hashes).
 */
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function sha256Base64(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}
