/**
 * The forms of a case's Alerts tab (docs/dashboard.md "Alerts"): a rule (with its preview), the
 * digest, and a report link. The bodies only shape the fields as the browser sends them; the
 * alert area's own schemas and checks judge the values, and a refusal comes back at its field.
 */
import { z } from 'zod';
import { MAX_ALERT_EMAILS } from '#shared/domain/alerts/schemas';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { MAX_REPORT_TITLE } from '#shared/domain/reports/schemas';
import { MAX_RECEIVER_URL_LENGTH } from '#shared/domain/webhooks/url-policy';
import { defineForm } from './form-kit/form.ts';
import { type MessageContext, tooLongMessage as tooLong } from './form-kit/messages.ts';

const text = () => z.string().default('');

export const AlertFormSchema = z.object({
  metric: text(),
  condition: text(),
  family: text(),
  brand: text(),
  threshold: text(),
  significant_only: z.string().optional(),
  webhook: z.string().optional(),
  email: text(),
  slack_url: text(),
  /** `preview`: show how often it would have fired; anything else creates the rule. */
  intent: text(),
});

export const DigestFormSchema = z.object({ enabled: z.string().optional(), email: text() });

export const ReportLinkFormSchema = z.object({
  run_id: text(),
  title: text(),
  logo_url: text(),
  expires_in_days: text(),
});

/** The run a report link is made for, as the form names it. */
export const CreateReportLinkRunSchema = z.object({ run_id: RecordIdSchema });

export const AlertParamsFormSchema = z.object({ id: RecordIdSchema, alert_id: RecordIdSchema });
export const ReportLinkParamsFormSchema = z.object({
  id: RecordIdSchema,
  run_id: RecordIdSchema,
  link_id: RecordIdSchema,
});

const URL_WORDS: Record<string, string> = {
  https_only: 'The address must start with https:// (plain http is refused).',
  credentials: 'Leave the user name and password out of the address.',
  not_absolute: 'Enter a whole address starting with https://.',
  control_characters: 'The address must not contain spaces.',
  private_address: 'The address points at a private network; use a public address.',
  local_hostname: 'The host names this machine or a private network; use a public address.',
  unresolvable: 'The host name does not exist (it resolves to no address).',
  port_not_allowed: 'Use the standard https port 443 (leave the port out).',
};
const urlMessage = (c: MessageContext) =>
  (c.rule ? URL_WORDS[c.rule] : undefined) ?? c.detail ?? '';
const EMAIL_WORDS = {
  invalid: 'Enter e-mail addresses such as team@example.com, separated by commas.',
  too_many: `At most ${MAX_ALERT_EMAILS} addresses.`,
};

export const ALERT_FORM = defineForm({
  fields: {
    metric: { label: 'Metric', required: true },
    condition: { label: 'Fires when it', required: true },
    family: { label: 'Model family' },
    brand: { label: 'Brand', maxlength: 200, messages: { too_long: tooLong('The brand') } },
    threshold: { label: 'Threshold', maxlength: 20 },
    email: { label: 'E-mail addresses', maxlength: 3000, messages: EMAIL_WORDS },
    slack_url: {
      label: 'Slack incoming webhook URL',
      maxlength: MAX_RECEIVER_URL_LENGTH,
      messages: { invalid_url: urlMessage },
    },
    channels: { label: 'Channels' },
  },
  codes: { invalid_url: 'slack_url' },
});

export const DIGEST_FORM = defineForm({
  fields: {
    email: { label: 'Digest addresses', maxlength: 3000, messages: EMAIL_WORDS },
  },
});

export const REPORT_LINK_FORM = defineForm({
  fields: {
    run_id: { label: 'Run', required: true },
    title: {
      label: 'Title',
      maxlength: MAX_REPORT_TITLE,
      messages: { too_long: tooLong('The title') },
    },
    logo_url: { label: 'Logo URL', maxlength: 2048, messages: { invalid_url: urlMessage } },
    expires_in_days: { label: 'Days until it expires', maxlength: 4 },
  },
  codes: { invalid_url: 'logo_url', no_run: 'run_id', not_found: 'run_id' },
});
