/**
 * A case's digest (docs/alerts.md "The digest"; addition): opt-in, one plain-text mail per
 * address after each run that finishes `done`, with the headline figures, the significant
 * changes and a link to the run. Read with `monitor:read`, changed with `monitor:write` on the
 * caller's own case; the digest mails go through the same delivery workflow as alerts.
 */
import { z } from 'zod';
import { nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { ownCase, readableCase } from '#shared/domain/monitor/access';
import { caseRefOf } from '#shared/domain/monitor/run-ref';
import type { CaseIdParams } from '#shared/domain/monitor/schemas';
import type { AlertDeps } from './operations.ts';
import { EmailListSchema, MAX_ALERT_EMAILS } from './schemas.ts';

export const PutDigestBodySchema = z
  .object({
    enabled: z.boolean().meta({ description: 'Mail the digest after each finished run' }),
    email: EmailListSchema.optional().meta({
      description: `Addresses (one or a list of up to ${MAX_ALERT_EMAILS}); required to switch it on`,
    }),
  })
  .strict()
  .meta({ id: 'PutDigestRequest' });

export const DigestSchema = z
  .object({
    enabled: z.boolean(),
    email: z.array(z.string()),
    updated_at: z.iso.datetime().nullable().meta({ description: 'null while never set' }),
  })
  .meta({ id: 'Digest' });

export const DigestResponseSchema = z.object({ digest: DigestSchema });

export type PutDigestBody = z.output<typeof PutDigestBodySchema>;
type DigestDeps = Pick<AlertDeps, 'alerts' | 'cases' | 'users' | 'clock'>;

export async function getDigest(input: CallerInput<CaseIdParams>, deps: DigestDeps) {
  const stored = await readableCase(input.principal, input.params.id, deps);
  const digest = await deps.alerts.getDigest(caseRefOf(stored));
  return {
    digest: digest ?? { enabled: false, email: [], updated_at: null },
  };
}

export async function putDigest(
  input: CallerInput<CaseIdParams, undefined, PutDigestBody>,
  deps: DigestDeps,
) {
  const { stored } = await ownCase(input.principal, input.params.id, deps);
  const ref = caseRefOf(stored);
  const email = input.body.email ?? (await deps.alerts.getDigest(ref))?.email ?? [];
  if (input.body.enabled && email.length === 0) {
    throw new BadRequestError(
      'invalid_request',
      'Invalid digest: email: name at least one address to switch the digest on.',
      {
        details: { issues: [{ path: ['email'], code: 'custom', message: 'at least one address' }] },
      },
    );
  }
  const digest = { enabled: input.body.enabled, email, updated_at: nowIso(deps.clock) };
  await deps.alerts.putDigest(ref, digest);
  return { digest };
}
