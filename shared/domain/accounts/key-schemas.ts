/** Wire schemas of the key routes (`/api/v1/keys`, additions; docs/api.md "Reference"). */
import { z } from 'zod';
import { SCOPES } from './scopes.ts';

export const MAX_ACTIVE_KEYS = 50;
export const KEY_NAME_MAX = 80;

export const KeySchema = z
  .object({
    id: z.string().meta({ description: 'Public id of the key (`key_…`), used to revoke it' }),
    hint: z.string().meta({ description: 'The prefix and the last four characters' }),
    name: z.string().nullable().meta({
      description: 'Addition. What the owner calls the key ("CI deploys"); null when unnamed',
    }),
    scopes: z.array(z.enum(SCOPES)),
    plugin: z.boolean().meta({ description: 'Marks a key issued to a marketplace plugin' }),
    created_at: z.iso.datetime(),
    revoked_at: z.iso.datetime().nullable(),
    last_used_at: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          'Addition. When the key was last used (UTC), accurate to within an hour; null when it ' +
          'has not been used since the service keeps this time',
      }),
  })
  .meta({ id: 'ApiKey' });

export const KeyIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^key_[0-9A-Za-z]{16}$/)
    .meta({ description: 'Key id (`key_…`)' }),
});

export const CreateKeyBodySchema = z
  .object({
    scopes: z
      .array(z.string())
      .min(1)
      .max(SCOPES.length)
      .meta({
        description:
          'Scopes of the new key; each must be held by the caller (`plugin` excepted, which only ' +
          'restricts). `monitor:admin` only for addresses on the operator list.',
        example: ['scans:read', 'scans:write'],
      }),
    plugin: z.boolean().optional().meta({
      description: 'Mark the key as a marketplace plugin key (never `monitor:admin`)',
    }),
    name: z
      .string()
      .trim()
      .max(KEY_NAME_MAX)
      .optional()
      .meta({
        description: `Addition. A name for the key, to tell keys apart (at most ${KEY_NAME_MAX} characters)`,
        example: 'CI deploys',
      }),
  })
  .strict()
  .meta({ id: 'CreateKeyRequest' });

export const ListKeysResponseSchema = z.object({
  keys: z.array(KeySchema).meta({ description: "The account's keys, newest first" }),
});

export const CreateKeyResponseSchema = z.object({
  key: KeySchema,
  api_key: z.string().meta({
    description: 'The key itself (`ars_…`); returned only here, stored only as a SHA-256 hash',
  }),
});

export const KeyResponseSchema = z.object({ key: KeySchema });

export type KeyView = z.infer<typeof KeySchema>;
export type KeyIdParams = z.infer<typeof KeyIdParamsSchema>;
export type CreateKeyBody = z.infer<typeof CreateKeyBodySchema>;
