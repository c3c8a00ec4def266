/**
 * The forms of signing in and of API keys (docs/dashboard.md "Forms"): each declared once with its
 * labels, the server's limits read from the schema (or the constant) the area checks the value
 * with, the area error codes that are about a field, and the plain words each field says when
 * refused. One file per area, so that a page's function bundles only its own forms' rules.
 */
import { KEY_NAME_MAX } from '#shared/domain/accounts/key-schemas';
import { MAX_EMAIL_LENGTH } from '#shared/domain/accounts/operator-service';
import { defineForm } from './form-kit/form.ts';
import { tooLongMessage as tooLong } from './form-kit/messages.ts';

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
