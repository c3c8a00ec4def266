import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateKeyBodySchema, KEY_NAME_MAX } from '#shared/domain/accounts/key-schemas';
import { AppError, BadRequestError } from '#shared/domain/kernel/errors';
import { CreateCaseBodySchema } from '#shared/domain/monitor/schemas';
import { CASE_FORM, caseBodyFrom, caseBodyOf } from '#shared/surfaces/dashboard/case-form';
import {
  checkFields,
  defineForm,
  type FormSpec,
  formError,
  submitForm,
} from '#shared/surfaces/dashboard/form-kit/form';
import {
  listLimits,
  recordLineLimit,
  textLimits,
} from '#shared/surfaces/dashboard/form-kit/limits';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { CaseFormSchema } from '#shared/surfaces/dashboard/forms';
import * as ACCOUNT_FORMS from '#shared/surfaces/dashboard/forms-accounts';
import * as MONITOR_FORMS from '#shared/surfaces/dashboard/forms-monitor';
import * as SCAN_FORMS from '#shared/surfaces/dashboard/forms-scans';
import * as WEBHOOK_FORMS from '#shared/surfaces/dashboard/forms-webhooks';
import { promptsForm, translationsForm } from '#shared/surfaces/dashboard/prompt-forms';
import { parseWith } from '#shared/surfaces/dashboard/responses';
import { HOME_SCAN_FORM } from '#shared/surfaces/pages/home-scan';

/**
 * The form kit (issue 25, point 2): limits read from the server's schemas, refusals worded by a
 * message table at their field, never the validator's text, and the form shown again as typed.
 */
const FORMS = { ...ACCOUNT_FORMS, ...MONITOR_FORMS, ...SCAN_FORMS, ...WEBHOOK_FORMS };
/** With the forms declared per page: the prompt list and the other languages' fields. */
const ALL_FORMS: Record<string, FormSpec> = {
  ...FORMS,
  CASE_FORM,
  HOME_SCAN_FORM,
  PROMPTS_FORM: promptsForm([{ language: 'en' }, { language: 'de' }]),
  TRANSLATIONS_FORM: translationsForm(['de'], (code) => code),
};
/** Wording of zod and of the API's envelope that must never reach a person. */
const RAW = /Too (big|small): expected|Invalid input|details\.|expected (string|array)|`/;

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('limits read from the schema the server checks with', () => {
  it('gives a text field its longest length and whether it must be filled in', () => {
    expect(textLimits(CreateCaseBodySchema.shape.name)).toEqual({ maxlength: 200, required: true });
    expect(textLimits(CreateCaseBodySchema.shape.icp)).toEqual({
      maxlength: 2000,
      required: false,
    });
    expect(textLimits(CreateKeyBodySchema.shape.name)).toEqual({
      maxlength: KEY_NAME_MAX,
      required: false,
    });
  });

  it('gives a list typed one entry a line its entries times their length', () => {
    expect(listLimits(CreateCaseBodySchema.shape.use_cases)).toEqual({
      maxlength: 20 * 302,
      required: false,
    });
    expect(listLimits(z.array(z.string().max(5)).min(1).max(3))).toEqual({
      maxlength: 21,
      required: true,
    });
    expect(recordLineLimit(CreateCaseBodySchema.shape.fact_sheet)).toBe(64 + 1000 + 3);
  });

  it('puts the same numbers on the case form the server checks', () => {
    expect(CASE_FORM.fields.name).toMatchObject({ maxlength: 200, required: true });
    expect(CASE_FORM.fields.category).toMatchObject({ maxlength: 200, required: true });
    expect(CASE_FORM.fields.domain).toMatchObject({ maxlength: 253, required: true });
    expect(CASE_FORM.fields.region).toMatchObject({ maxlength: 200, required: false });
    const html = formInput(CASE_FORM, { values: { name: 'Acme' } }, 'name').toString();
    expect(html).toContain('maxlength="200"');
    expect(html).toContain(' required');
    expect(html).toContain('value="Acme"');
  });
});

describe('a refusal at its field, in the words of the message table', () => {
  it('words every schema issue of the case form at its field, with the line it is on', () => {
    const body = caseBodyOf(
      CaseFormSchema.parse({
        name: 'x'.repeat(500),
        domain: 'not a domain',
        category: '',
        competitors: 'Globex\n| globex.com',
        languages: '',
      }),
    );
    const error = formError(
      refusal(() => parseWith(CreateCaseBodySchema, body)),
      CASE_FORM,
    );
    expect(error?.fields).toEqual({
      name: 'The name is too long: at most 200 characters (this one has 500).',
      domain: expect.stringMatching(/^Enter a domain such as acme-analytics.com/),
      category: 'Say what the brand is, e.g. product analytics.',
      competitors: 'Line 2: the name is missing (write Name | domain | other names).',
      languages: 'Give at least one language code, e.g. en.',
    });
    expect(error?.message).toBeUndefined();
  });

  it('says which fact-sheet line does not read "key: value"', () => {
    const error = formError(
      refusal(() =>
        caseBodyFrom(
          CreateCaseBodySchema,
          CaseFormSchema.parse({ fact_sheet: 'founded: 2019\nBerlin' }),
        ),
      ),
      CASE_FORM,
    );
    expect(error?.fields?.fact_sheet).toBe(
      'Line 2: write each fact as key: value, e.g. founded: 2019.',
    );
  });

  it('puts an area error code at the field the form names, worded by its rule', () => {
    const error = new BadRequestError('invalid_url', 'The URL must use https, not http.', {
      details: { rule: 'https_only' },
    });
    expect(formError(error, FORMS.WEBHOOK_FORM)).toEqual({
      fields: { url: 'The address must start with https:// (plain http is refused).' },
    });
  });

  it('keeps a refusal about no field in the box, in the area words', () => {
    const error = new AppError('run_pending', 'A run of this case is already under way.');
    expect(formError(error, FORMS.RUN_FORM)).toEqual({
      message: 'A run of this case is already under way.',
    });
    expect(formError(new Error('boom'), FORMS.RUN_FORM)).toBeUndefined();
  });

  it('words a batch with no usable line at its field, not as "see details.rejected"', () => {
    const error = new BadRequestError('invalid_request', 'see details.rejected', {
      details: { rejected: [{ domain: 'x', reason: 'bad' }] },
    });
    expect(formError(error, FORMS.BATCH_FORM)?.fields?.domains).toMatch(/^None of these lines/);
  });

  it('never shows the validator or the envelope wording for any code of any declared form', () => {
    const codes = ['required', 'too_long', 'too_short', 'too_many', 'too_few', 'invalid'];
    for (const [formName, spec] of Object.entries(ALL_FORMS)) {
      for (const name of Object.keys(spec.fields)) {
        for (const code of codes) {
          const issue = { path: [name], code: code === 'invalid' ? 'custom' : 'too_big' };
          const shaped =
            code === 'required'
              ? { path: [name], code: 'too_small', minimum: 1, origin: 'string' }
              : code === 'too_few'
                ? { path: [name], code: 'too_small', minimum: 1, origin: 'array' }
                : code === 'too_many'
                  ? { path: [name], code: 'too_big', maximum: 3, origin: 'array' }
                  : code === 'too_short'
                    ? { path: [name], code: 'too_small', minimum: 3, origin: 'string' }
                    : { ...issue, maximum: 10, origin: 'string' };
          const error = new BadRequestError('invalid_request', 'Too big: expected string', {
            details: { issues: [shaped] },
          });
          const message = formError(error, spec)?.fields?.[name] ?? '';
          expect(message, `${formName}.${name} ${code}`).not.toBe('');
          expect(message, `${formName}.${name} ${code}`).not.toMatch(RAW);
        }
      }
    }
  });
});

describe('sending a form', () => {
  const FORM = defineForm({
    fields: {
      name: { label: 'Name', maxlength: 5, required: true },
      tags: { label: 'Tags', required: true },
    },
  });

  it('refuses an empty or too long value before the operation runs, in plain words', async () => {
    let ran = false;
    const sent = await submitForm(FORM, { name: 'abcdefg', tags: [] }, async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(sent).toMatchObject({
      ok: false,
      status: 400,
      state: {
        values: { name: 'abcdefg', tags: [] },
        error: {
          fields: {
            name: 'too long: at most 5 characters (this one has 7).',
            tags: 'Choose at least one.',
          },
        },
      },
    });
    expect(checkFields(FORM, { name: '  ', tags: ['a'] })?.fields).toEqual({
      name: 'Fill in this field.',
    });
  });

  it('shows the form again with its box linking each field once', async () => {
    const sent = await submitForm(FORM, { name: '', tags: ['a'] }, async () => 1);
    if (sent.ok) throw new Error('expected a refusal');
    const html = `${formErrorBox(FORM, sent.state)}${formInput(FORM, sent.state, 'name')}`;
    expect(html).toContain('<a href="#f-name">Name</a>');
    expect(html).toContain('aria-invalid="true"');
    expect(html.split('Fill in this field.').length - 1).toBe(1);
  });

  it('passes a fault of ours on', async () => {
    await expect(
      submitForm(FORM, { name: 'a', tags: ['a'] }, async () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
  });
});
