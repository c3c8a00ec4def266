/**
 * The scanner's signing keys (docs/scan-engine.md "Signed requests"): a key set of Ed25519 keys
 * in JWK form, the newest one signing, the ones it replaced still published until their overlap
 * ends, so a site that cached our key directory keeps verifying requests signed just before a
 * rotation. Keys are named by their JWK SHA-256 thumbprint (RFC 7638; RFC 8037 A.3 for OKP),
 * which is the `keyid` of every signature and the `kid` of the directory (Web Bot Auth draft).
 *
 * Where the set is kept is an adapter's business (a file under DATA_DIR locally, a Secrets
 * Manager secret on AWS): the domain owns the rules and the port.
 */
import { createHash } from 'node:crypto';

/** An Ed25519 public key as a JWK (RFC 8037). */
export interface Ed25519PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

/** The private half as well: `d` is the seed, base64url. */
export interface Ed25519PrivateJwk extends Ed25519PublicJwk {
  d: string;
}

export interface SigningKeyRecord {
  /** JWK SHA-256 thumbprint of the public key, base64url. */
  kid: string;
  jwk: Ed25519PrivateJwk;
  createdAt: string;
  /** Set when a newer key replaced this one; it no longer signs. */
  retiredAt?: string;
  /** A retired key stays in the directory until this instant (the overlap window). */
  publishedUntil?: string;
}

export interface SigningKeySet {
  version: 1;
  /** Newest first: the first key without `retiredAt` signs. */
  keys: SigningKeyRecord[];
}

/** Where the key set lives; `read` returns undefined when none was made yet. */
export interface SigningKeyStore {
  read(): Promise<SigningKeySet | undefined>;
  write(set: SigningKeySet): Promise<void>;
  /** Words for the operator: which file or secret. */
  readonly description: string;
}

/** What the scanner and the key directory read: the set in force, read again now and then. */
export interface SigningKeySource {
  current(): Promise<SigningKeySet>;
}

/** Default overlap of a rotation: longer than any cache of the directory (1 h) and a signature (5 min). */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/** RFC 7638 thumbprint of an OKP key: SHA-256 over {"crv","kty","x"} in that order. */
export function jwkThumbprint(jwk: Ed25519PublicJwk): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical, 'utf8').digest('base64url');
}

export function publicJwk(jwk: Ed25519PublicJwk): Ed25519PublicJwk {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

/** The key that signs now, or undefined for an empty set. */
export function activeKey(set: SigningKeySet): SigningKeyRecord | undefined {
  return set.keys.find((key) => key.retiredAt === undefined);
}

/** Keys the directory publishes at `now`: the active one and retired ones still in overlap. */
export function publishedKeys(set: SigningKeySet, now: Date): SigningKeyRecord[] {
  return set.keys.filter(
    (key) =>
      key.retiredAt === undefined ||
      (key.publishedUntil !== undefined && Date.parse(key.publishedUntil) > now.getTime()),
  );
}

/**
 * A new set where `fresh` signs, the key it replaces is retired and stays published for
 * `overlapMs`, and keys whose overlap already ended are dropped (they verify nothing any more).
 */
export function rotateKeys(
  set: SigningKeySet,
  fresh: SigningKeyRecord,
  now: Date,
  overlapMs: number,
): SigningKeySet {
  const until = new Date(now.getTime() + Math.max(0, overlapMs)).toISOString();
  const kept = publishedKeys(set, now).map((key) =>
    key.retiredAt === undefined
      ? { ...key, retiredAt: now.toISOString(), publishedUntil: until }
      : key,
  );
  return { version: 1, keys: [fresh, ...kept.filter((key) => key.kid !== fresh.kid)] };
}

/** Reads a stored set, refusing anything that is not one (a typo in a secret must not sign). */
export function parseKeySet(value: unknown): SigningKeySet | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const keys = (value as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) return undefined;
  const records = keys.filter(isKeyRecord);
  if (records.length !== keys.length || records.length === 0) return undefined;
  return { version: 1, keys: records };
}

function isKeyRecord(value: unknown): value is SigningKeyRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<SigningKeyRecord>;
  const jwk = record.jwk;
  return (
    typeof record.kid === 'string' &&
    typeof record.createdAt === 'string' &&
    jwk !== undefined &&
    jwk.kty === 'OKP' &&
    jwk.crv === 'Ed25519' &&
    typeof jwk.x === 'string' &&
    typeof jwk.d === 'string' &&
    jwkThumbprint(jwk) === record.kid
  );
}
