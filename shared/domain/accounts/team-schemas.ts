/**
 * Wire schemas of the account routes (`/api/v1/account`, additions; docs/api.md "Members and
 * roles", "Audit log").
 */
import { z } from 'zod';
import { AUDIT_ACTIONS } from '#shared/domain/audit/events';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { pageQueryFields } from '#shared/domain/kernel/page-query';
import { MAX_EMAIL_LENGTH } from './operator-service.ts';
import { ASSIGNABLE_ROLES, ROLES } from './roles.ts';

export const INVITATION_ID_PATTERN = /^inv_[A-Za-z0-9_-]{16}$/;

export const MemberSchema = z
  .object({
    user_id: z.uuid(),
    email: z.string(),
    role: z.enum(ROLES),
    joined_at: z.iso.datetime(),
  })
  .meta({ id: 'AccountMember' });

export const InvitationSchema = z
  .object({
    id: z.string().meta({ description: 'Invitation id (`inv_…`), used to withdraw it' }),
    email: z.string(),
    role: z.enum(ASSIGNABLE_ROLES),
    expires_at: z.iso.datetime().meta({ description: 'The link works until then (7 days)' }),
  })
  .meta({ id: 'AccountInvitation' });

export const AccountSchema = z
  .object({
    id: z.uuid().meta({ description: "The account's id: the `user_id` of its cases" }),
    name: z.string(),
    plan: z
      .enum(['free', 'pro'])
      .nullable()
      .meta({ description: 'null: the account has no Monitor plan' }),
    subscription: z.enum(['active', 'ended']).nullable().meta({
      description:
        '`ended` once the subscription ended (cancelled, unpaid, expired, or a failed renewal past its grace period): runs answer 402 `plan_required`; null without a Monitor plan',
    }),
    billing: z
      .object({
        provider: z.literal('stripe'),
        status: z.string().nullable().meta({
          description:
            "Stripe's subscription status (`active`, `past_due`, `canceled`…); null before the first subscription",
        }),
        current_period_end: z.iso.datetime().nullable(),
        cancel_at_period_end: z.boolean(),
        grace_until: z.iso.datetime().nullable().meta({
          description:
            'While a renewal payment is overdue: Pro lasts until then (BILLING_GRACE_DAYS)',
        }),
      })
      .nullable()
      .meta({
        description:
          'Addition (docs/api.md "Plans and billing"): the subscription as Stripe reports it; null when the account never had a Stripe customer',
      }),
    members: z.array(MemberSchema).meta({ description: 'Every member with their role' }),
    invitations: z
      .array(InvitationSchema)
      .meta({ description: 'Invitations not yet accepted, declined, withdrawn or expired' }),
  })
  .meta({ id: 'Account' });

export const AccountResponseSchema = z.object({ account: AccountSchema });

export const CreateInvitationBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(3)
      .max(MAX_EMAIL_LENGTH)
      .meta({ example: 'colleague@example.com' }),
    role: z
      .enum(ASSIGNABLE_ROLES)
      .meta({ description: 'The role the member gets (the owner is made by a transfer)' }),
  })
  .strict()
  .meta({ id: 'CreateInvitationRequest' });

export const InvitationResponseSchema = z.object({ invitation: InvitationSchema });

export const InvitationIdParamsSchema = z.object({
  id: z.string().regex(INVITATION_ID_PATTERN).meta({ description: 'Invitation id (`inv_…`)' }),
});

export const WithdrawInvitationResponseSchema = z.object({
  withdrawn: z.string().meta({ description: 'Id of the withdrawn invitation' }),
});

export const MemberParamsSchema = z.object({
  user_id: RecordIdSchema.meta({ description: "The member's user id" }),
});

export const ChangeRoleBodySchema = z
  .object({ role: z.enum(ASSIGNABLE_ROLES) })
  .strict()
  .meta({ id: 'ChangeRoleRequest' });

export const MemberResponseSchema = z.object({ member: MemberSchema });

export const RemoveMemberResponseSchema = z.object({
  removed: z.uuid().meta({ description: "The removed member's user id" }),
});

export const TransferBodySchema = z
  .object({ user_id: RecordIdSchema.meta({ description: 'The member who becomes the owner' }) })
  .strict()
  .meta({ id: 'TransferRequest' });

export const AuditEventSchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    actor: z.object({
      type: z.enum(['user', 'key', 'operator', 'payment_provider']),
      id: z.string(),
      email: z.string().optional(),
    }),
    action: z.enum(AUDIT_ACTIONS).meta({ description: '`<target>.<verb>`' }),
    target: z.object({ type: z.string(), id: z.string() }),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEvent' });

export const AuditLogQuerySchema = z.object(pageQueryFields('Events'));

export const AuditLogResponseSchema = z.object({
  events: z.array(AuditEventSchema).meta({ description: 'Newest first' }),
  next_cursor: z.string().nullable().meta({
    description: 'Addition. Pass as `cursor` for the next page; null on the last page',
  }),
});

export type AccountView = z.input<typeof AccountSchema>;
export type MemberView = z.input<typeof MemberSchema>;
export type InvitationView = z.input<typeof InvitationSchema>;
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;
export type InvitationIdParams = z.infer<typeof InvitationIdParamsSchema>;
export type MemberParams = z.output<typeof MemberParamsSchema>;
export type ChangeRoleBody = z.infer<typeof ChangeRoleBodySchema>;
export type TransferBody = z.output<typeof TransferBodySchema>;
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
