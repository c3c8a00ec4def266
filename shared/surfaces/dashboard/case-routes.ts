/**
 * The dashboard's routes over one run of a case and its answers, the case's prompts, and the
 * case forms that call `patch_case` for one field (docs/dashboard.md "Case pages"); part of
 * `DASHBOARD_ROUTES`. They share the case page's and the case form's functions.
 */
import {
  CaseRunQuerySchema,
  CaseStatusFormSchema,
  NoticeQuerySchema,
  PromptsFormSchema,
  RunAnswersQuerySchema,
  RunParamsSchema,
  TrackCompetitorFormSchema,
  TranslationsFormSchema,
  UuidParamsSchema,
} from '#shared/surfaces/dashboard/forms';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { FORM_ERRORS, form, PAGE_ERRORS, page } from './route-kinds.ts';

export const CASE_RUN_ROUTES = {
  dashboard_case_run: page(
    'dashboard_case_run',
    '/dashboard/cases/{id}/runs/{run_id}',
    'One run of a case: its summary as charts, or (with `against`) compared with another run',
    'case',
    {
      request: { params: RunParamsSchema, query: CaseRunQuerySchema },
      errors: [...PAGE_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_run_answers: page(
    'dashboard_run_answers',
    '/dashboard/cases/{id}/runs/{run_id}/answers',
    "A run's answers: the prompt-by-model grid and each answer with its citations and verdicts; with `format=csv|jsonl`, the export of `list_run_answers`",
    'case',
    {
      request: { params: RunParamsSchema, query: RunAnswersQuerySchema },
      response: { status: 200, raw: 'text/html' },
      errors: [...PAGE_ERRORS, 'no_account', 'not_found', 'invalid_request', 'invalid_cursor'],
    },
  ),
  dashboard_track_competitor: form(
    'dashboard_track_competitor',
    '/dashboard/cases/{id}/competitors',
    "Track a brand the answers recommend: add it to the case's competitors (`patch_case`; 303 back)",
    'update-case',
    {
      request: { params: UuidParamsSchema, body: TrackCompetitorFormSchema },
      errors: [...FORM_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_case_status: form(
    'dashboard_case_status',
    '/dashboard/cases/{id}/status',
    'Archive a case or restore it (`patch_case` with `status`; 303 to it)',
    'update-case',
    {
      request: { params: UuidParamsSchema, body: CaseStatusFormSchema },
      errors: [...FORM_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_case_prompts: page(
    'dashboard_case_prompts',
    '/dashboard/cases/{id}/prompts',
    'The prompts the next run asks, to switch off, reword or add to, and the case fields in its other languages',
    'case',
    {
      request: { params: UuidParamsSchema, query: NoticeQuerySchema },
      errors: [...PAGE_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_save_prompts: form(
    'dashboard_save_prompts',
    '/dashboard/cases/{id}/prompts',
    'Save the prompt list (`set_case_prompts`; 303 to the case)',
    'update-case',
    {
      request: { params: UuidParamsSchema, body: PromptsFormSchema },
      errors: [...FORM_ERRORS, 'no_account', 'not_found', 'prompt_set_changed'],
    },
  ),
  dashboard_save_translations: form(
    'dashboard_save_translations',
    '/dashboard/cases/{id}/translations',
    'Save the case fields in its other languages (`patch_case` with `translations`; 303 to the prompts)',
    'update-case',
    {
      request: { params: UuidParamsSchema, body: TranslationsFormSchema },
      errors: [...FORM_ERRORS, 'no_account', 'not_found'],
    },
  ),
} as const satisfies Record<string, RouteDefinition>;
