/**
 * JWS signatures of an A2A Agent Card (A2A 1.0.1 §8.4.2, RFC 7515 in the JSON form the card
 * carries: `protected`, `signature`, optional `header`), verified over the card canonicalised
 * with RFC 8785 minus `signatures`. The key comes from the protected header: an inline `jwk`, or
 * `jku`, a JWK Set the collector fetched (only on the card's own origin). EdDSA (Ed25519), ES256,
 * ES384, RS256, RS384, RS512 and PS256 are understood.
 */
import { constants, createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { canonicalJson } from './jcs.ts';
import { isObject, type JsonObject } from './json-ld.ts';

export interface CardSignature {
  index: number;
  protectedB64: string;
  signatureB64: string;
  header: JsonObject;
}

const ALGORITHMS: Record<string, { hash: string | null; ieee?: boolean; pss?: boolean }> = {
  EdDSA: { hash: null },
  Ed25519: { hash: null },
  ES256: { hash: 'sha256', ieee: true },
  ES384: { hash: 'sha384', ieee: true },
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  PS256: { hash: 'sha256', pss: true },
};

/** The card's signatures with their decoded protected headers; a malformed one is a string. */
export function cardSignatures(card: JsonObject): Array<CardSignature | string> {
  const list = card.signatures;
  if (!Array.isArray(list)) return [];
  return list.map((raw: unknown, index) => {
    if (!isObject(raw) || typeof raw.protected !== 'string' || typeof raw.signature !== 'string') {
      return `signatures[${index}] lacks protected or signature`;
    }
    let header: unknown;
    try {
      header = JSON.parse(Buffer.from(raw.protected, 'base64url').toString('utf8'));
    } catch {
      return `signatures[${index}] has a protected header that is not base64url JSON`;
    }
    if (!isObject(header)) {
      return `signatures[${index}] has a protected header that is not an object`;
    }
    return { index, protectedB64: raw.protected, signatureB64: raw.signature, header };
  });
}

/** The JWS Signing Input of a card signature (RFC 7515 §5.1). */
export function signingInput(card: JsonObject, signature: CardSignature): string {
  const { signatures: _omitted, ...unsigned } = card;
  const payload = Buffer.from(canonicalJson(unsigned), 'utf8').toString('base64url');
  return `${signature.protectedB64}.${payload}`;
}

export type KeyVerdict = 'verified' | 'invalid' | { unsupported: string };

export function verifyCardSignature(
  card: JsonObject,
  signature: CardSignature,
  jwk: JsonObject,
): KeyVerdict {
  const alg = typeof signature.header.alg === 'string' ? signature.header.alg : '';
  const scheme = ALGORITHMS[alg];
  if (scheme === undefined) return { unsupported: `alg ${alg || '(none)'}` };
  try {
    const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    const data = Buffer.from(signingInput(card, signature), 'utf8');
    const bytes = Buffer.from(signature.signatureB64, 'base64url');
    const options = {
      key,
      ...(scheme.ieee ? { dsaEncoding: 'ieee-p1363' as const } : {}),
      ...(scheme.pss ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : {}),
    };
    return verify(scheme.hash, data, options, bytes) ? 'verified' : 'invalid';
  } catch (error) {
    return { unsupported: error instanceof Error ? error.message : 'unusable key' };
  }
}

/** The key a JWK Set offers for `kid` (the only key when the set has one and no kid is named). */
export function keyFromSet(set: unknown, kid: unknown): JsonObject | undefined {
  const keys = isObject(set) && Array.isArray(set.keys) ? set.keys.filter(isObject) : [];
  if (typeof kid === 'string') return keys.find((key) => key.kid === kid);
  return keys.length === 1 ? keys[0] : undefined;
}

/** Same-origin `jku` URLs of a card's signatures: the JWK Sets the collector fetches. */
export function jkuUrls(card: unknown, cardUrl: string): string[] {
  if (!isObject(card)) return [];
  const origin = new URL(cardUrl).origin;
  return cardSignatures(card)
    .filter((signature): signature is CardSignature => typeof signature !== 'string')
    .map((signature) => signature.header.jku)
    .map((jku) => {
      if (typeof jku !== 'string') return undefined;
      try {
        return new URL(jku, cardUrl).href;
      } catch {
        return undefined;
      }
    })
    .filter((url): url is string => url !== undefined && new URL(url).origin === origin);
}
