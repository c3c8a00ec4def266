/**
 * The account page's invitation form (docs/dashboard.md "Accounts and roles"), declared once
 * with its labels, the limits the account operations check the values with, the area codes that
 * are about a field, and the words each field says when refused.
 */
import { MAX_EMAIL_LENGTH } from '#shared/domain/accounts/operator-service';
import { defineForm } from './form-kit/form.ts';
import { tooLongMessage as tooLong } from './form-kit/messages.ts';

export const INVITE_FORM = defineForm({
  fields: {
    email: {
      label: 'E-mail address',
      maxlength: MAX_EMAIL_LENGTH,
      required: true,
      messages: {
        required: 'Enter the address to invite.',
        too_long: tooLong('This address'),
        invalid_email: 'Enter an e-mail address such as name@example.com.',
        already_member: 'This address belongs to a member of the account already.',
        already_invited:
          'This address has an open invitation already; withdraw it to invite again.',
      },
    },
    role: {
      label: 'Role',
      required: true,
      messages: { invalid: 'Choose admin, member or viewer.' },
    },
  },
  codes: { invalid_email: 'email', already_member: 'email', already_invited: 'email' },
});
