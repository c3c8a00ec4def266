/**
 * A fresh Ed25519 signing key for the scanner, made with node:crypto and kept as a JWK
 * (RFC 8037), named by its RFC 7638 thumbprint (shared/domain/scanner-identity/keys.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  type Ed25519PrivateJwk,
  jwkThumbprint,
  type SigningKeyRecord,
} from '#shared/domain/scanner-identity/keys';

export function generateSigningKey(now: Date): SigningKeyRecord {
  const { privateKey } = generateKeyPairSync('ed25519');
  const exported = privateKey.export({ format: 'jwk' });
  if (typeof exported.x !== 'string' || typeof exported.d !== 'string') {
    throw new Error('node:crypto exported an Ed25519 key without x or d');
  }
  const jwk: Ed25519PrivateJwk = { kty: 'OKP', crv: 'Ed25519', x: exported.x, d: exported.d };
  return { kid: jwkThumbprint(jwk), jwk, createdAt: now.toISOString() };
}
