/**
 * The service's bearer secrets that are not API keys: a session cookie, a sign-in link, a CSRF
 * token, an invitation link. Each is 256 random bits, base64url, and stored only as its SHA-256
 * (a plain hash is the right storage form for that much randomness). Kept apart from the
 * session code so that the API's invitation routes do not bundle it.
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '#shared/domain/kernel/hash';

/** 256 random bits, base64url: a session token, a sign-in token or a CSRF token. */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The only form in which a session or sign-in token is stored. */
export function hashSecretToken(token: string): string {
  return sha256Hex(token);
}

/** A token of the shape generateSecretToken makes: anything else is refused without a read. */
export function isWellFormedSecretToken(candidate: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(candidate);
}
