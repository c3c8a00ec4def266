/**
 * The dashboard's forms, each declared once (docs/dashboard.md "Forms"): field labels, the
 * server's limits read from the schema (or the constant) the area checks the value with, the
 * area error codes that are about a field, and the plain words each field says when refused.
 * The case form lives beside its text layout in `case-form.ts`.
 */
import { KEY_NAME_MAX } from '#shared/domain/accounts/key-schemas';
import { MAX_EMAIL_LENGTH } from '#shared/domain/accounts/operator-service';
import { CreateRunBodySchema, ListCasesQuerySchema } from '#shared/domain/monitor/schemas';
import { MAX_SCAN_INPUT_LENGTH } from '#shared/domain/scan-engine/target';
import { ListDomainsQuerySchema } from '#shared/domain/scans/history-schemas';
import { MAX_LABEL_LENGTH } from '#shared/domain/webhooks/schemas';
import { MAX_RECEIVER_URL_LENGTH } from '#shared/domain/webhooks/url-policy';
import { defineForm } from './form-kit/form.ts';
import { textLimits } from './form-kit/limits.ts';
import type { MessageContext } from './form-kit/messages.ts';

const tooLong = (what: string) => (c: MessageContext) =>
  `${what} is too long: at most ${c.max} characters${c.length === undefined ? '' : ` (this one has ${c.length})`}.`;

export const SIGN_IN_FORM = defineForm({
  fields: {
    email: {
      label: 'E-mail address',
      maxlength: MAX_EMAIL_LENGTH,
      required: true,
      messages: {
        required: 'Enter the e-mail address of your account.',
        too_long: tooLong('This address'),
        invalid_email: 'Enter an e-mail address such as name@example.com.',
      },
    },
  },
  codes: { invalid_email: 'email' },
});

export const KEY_FORM = defineForm({
  fields: {
    name: {
      label: 'Name',
      maxlength: KEY_NAME_MAX,
      required: false,
      messages: { too_long: tooLong('The name') },
    },
    scopes: {
      label: 'Scopes of the new key',
      required: true,
      messages: {
        too_few: 'Choose at least one scope.',
        invalid: 'Choose scopes from the list.',
        invalid_scope: 'Choose only scopes from the list: a key cannot have more than you hold.',
        admin_not_allowed:
          'monitor:admin is only for addresses on the operator list (ADMIN_EMAILS); leave it unticked.',
      },
    },
  },
  codes: { invalid_scope: 'scopes', admin_not_allowed: 'scopes' },
});

const DOMAIN_MESSAGES = {
  required: 'Enter a domain, for example example.com.',
  too_long: tooLong('This address'),
  invalid_domain: (c: MessageContext) => `This is not a domain that can be scanned: ${c.detail}`,
};

export const SCAN_FORM = defineForm({
  fields: {
    domain: {
      label: 'Domain or URL',
      maxlength: MAX_SCAN_INPUT_LENGTH,
      required: true,
      messages: DOMAIN_MESSAGES,
    },
  },
  codes: { invalid_domain: 'domain' },
});

export const BATCH_FORM = defineForm({
  fields: {
    domains: {
      label: 'Domains, one per line',
      required: true,
      messages: {
        required: 'Enter at least one domain, one per line.',
        too_few: 'Enter at least one domain, one per line.',
        no_valid_entry:
          'None of these lines is a domain that can be scanned; the table above says why for each.',
      },
    },
  },
  // Every refusal of a batch is about its one field; the area's words say the plan's limits.
  field: 'domains',
  codeOf: (error) =>
    error.code === 'invalid_request' && Array.isArray(error.details?.rejected)
      ? 'no_valid_entry'
      : undefined,
});

export const RUN_FORM = defineForm({
  fields: {
    label: {
      label: 'Run label (optional)',
      ...textLimits(CreateRunBodySchema.shape.label),
      messages: { too_long: tooLong('The label') },
    },
  },
});

const URL_RULES: Record<string, string> = {
  too_long: `The address is too long: at most ${MAX_RECEIVER_URL_LENGTH} characters.`,
  control_characters: 'The address must not contain spaces.',
  not_absolute: 'Enter a whole address starting with https://, e.g. https://hooks.example.com/ars.',
  https_only: 'The address must start with https:// (plain http is refused).',
  credentials: 'Leave the user name and password out of the address.',
  fragment: 'Leave out the part after “#”: it is never sent.',
  invalid_host: 'The host name in this address is not valid.',
  port_not_allowed: 'Use the standard https port 443 (leave the port out).',
  local_hostname: 'The host names this machine or a private network; use a public address.',
  private_address: 'The address points at a private network; use a public address.',
  unresolvable: 'The host name does not exist (it resolves to no address).',
};

export const WEBHOOK_FORM = defineForm({
  fields: {
    url: {
      label: 'Receiver URL',
      maxlength: MAX_RECEIVER_URL_LENGTH,
      required: true,
      messages: {
        required: 'Enter the https address of your receiver.',
        too_long: URL_RULES.too_long as string,
        invalid_url: (c: MessageContext) =>
          (c.rule ? URL_RULES[c.rule] : undefined) ?? c.detail ?? '',
        duplicate_endpoint: 'This address is registered already: change that endpoint instead.',
      },
    },
    label: {
      label: 'Label',
      maxlength: MAX_LABEL_LENGTH,
      required: false,
      messages: { too_long: tooLong('The label') },
    },
    events: {
      label: 'Events',
      required: true,
      messages: {
        too_few: 'Choose at least one event.',
        invalid: 'Choose events from the list.',
        invalid_event:
          'Choose at least one event from the list. To stop deliveries, pause or delete the endpoint instead.',
      },
    },
  },
  codes: { invalid_url: 'url', duplicate_endpoint: 'url', invalid_event: 'events' },
});

/** An endpoint's own form: its label and events (the URL cannot change). */
export const WEBHOOK_UPDATE_FORM = defineForm({
  fields: { label: WEBHOOK_FORM.fields.label, events: WEBHOOK_FORM.fields.events },
  codes: { invalid_event: 'events' },
});

/** Searches: a person types them too, so a refusal is worded at the field as well. */
export const CASE_SEARCH_FORM = defineForm({
  fields: {
    q: {
      label: 'Find a case',
      ...textLimits(ListCasesQuerySchema.shape.q),
      messages: { too_long: tooLong('The search') },
    },
  },
});

export const HISTORY_SEARCH_FORM = defineForm({
  fields: {
    q: {
      label: 'Domain contains',
      ...textLimits(ListDomainsQuerySchema.shape.q),
      messages: { too_long: tooLong('The search') },
    },
  },
});
