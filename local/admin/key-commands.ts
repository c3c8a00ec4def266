/**
 * `rotate-signing-key`: a new Ed25519 key signs the scanner's requests from now on; the key it
 * replaces stays in the key directory for the overlap (default 24 h), so sites that cached the
 * directory keep verifying requests signed just before. Works on the key store the configuration
 * names (DATA_DIR's signing-keys.json locally, SIGNING_KEYS_SECRET_ARN on AWS); it needs no
 * DynamoDB store. A running stack reads the new set within a minute.
 */
import { generateSigningKey } from '#shared/adapters/signing-keys/generate';
import {
  activeKey,
  DEFAULT_ROTATION_OVERLAP_HOURS,
  publishedKeys,
  rotateKeys,
  type SigningKeySet,
} from '#shared/domain/scanner-identity/keys';
import { loadConfig } from '#shared/wiring/config';
import { signingKeyStoreFor } from '#shared/wiring/scanner-identity';
import { UsageError, type Values } from './commands.ts';

export interface StorelessCommand {
  usage: string;
  help: string;
  run(env: NodeJS.ProcessEnv, values: Values, now: Date): Promise<unknown>;
}

function overlapHours(values: Values): number {
  const raw = values['overlap-hours'];
  if (raw === undefined) return DEFAULT_ROTATION_OVERLAP_HOURS;
  const hours = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(hours) || hours < 0 || hours > 24 * 90) {
    throw new UsageError('--overlap-hours must be a number of hours from 0 to 2160.');
  }
  return hours;
}

function describe(set: SigningKeySet, now: Date) {
  const active = activeKey(set);
  return {
    active: active === undefined ? null : { kid: active.kid, created_at: active.createdAt },
    published: publishedKeys(set, now).map((key) => ({
      kid: key.kid,
      retired_at: key.retiredAt ?? null,
      published_until: key.publishedUntil ?? null,
    })),
  };
}

export const KEY_COMMANDS: Record<string, StorelessCommand> = {
  'rotate-signing-key': {
    usage: 'rotate-signing-key [--overlap-hours H]',
    help:
      "Make a new signing key for the scanner's requests (Web Bot Auth); the old one stays in " +
      `the key directory for H hours (default ${DEFAULT_ROTATION_OVERLAP_HOURS}). ` +
      'Key store: DATA_DIR/signing-keys.json, or the secret SIGNING_KEYS_SECRET_ARN names.',
    async run(env, values, now) {
      const hours = overlapHours(values);
      const config = loadConfig({ ...env, DATA_DIR: env.DATA_DIR ?? '.data' });
      const store = signingKeyStoreFor(config);
      const before = (await store.read()) ?? { version: 1, keys: [] };
      const after = rotateKeys(before, generateSigningKey(now), now, hours * 3_600_000);
      await store.write(after);
      return { store: store.description, overlap_hours: hours, ...describe(after, now) };
    },
  },
};
