/**
 * The webhook forms: adding an endpoint, and an endpoint's own label and events (docs/dashboard.md
 * "Forms"): each declared once with its labels, the server's limits read from the schema (or the
 * constant) the area checks the value with, the area error codes that are about a field, and the
 * plain words each field says when refused. One file per area, so that a page's function bundles
 * only its own forms' rules.
 */
import { MAX_LABEL_LENGTH } from '#shared/domain/webhooks/schemas';
import { MAX_RECEIVER_URL_LENGTH } from '#shared/domain/webhooks/url-policy';
import { defineForm } from './form-kit/form.ts';
import { type MessageContext, tooLongMessage as tooLong } from './form-kit/messages.ts';

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
