/**
 * The case, run and summary routes of docs/api.md, plus creating and changing cases, one run and
 * its answers, and the fixes of the brand's site (additions).
 */
import { ANSWER_CSV_COLUMNS } from '#shared/domain/monitor/answer-view';
import { ListFixesResponseSchema } from '#shared/domain/monitor/fix-schemas';
import {
  CasePromptsResponseSchema,
  PutCasePromptsBodySchema,
} from '#shared/domain/monitor/prompt-schemas';
import {
  DeleteAnswersResponseSchema,
  GetRunResponseSchema,
  ListAnswersQuerySchema,
  ListAnswersResponseSchema,
  RunIdParamsSchema,
} from '#shared/domain/monitor/run-schemas';
import {
  CaseIdParamsSchema,
  CaseResponseSchema,
  CaseSummaryResponseSchema,
  CreateCaseBodySchema,
  CreateRunBodySchema,
  CreateRunResponseSchema,
  ListCasesQuerySchema,
  ListCasesResponseSchema,
  ListRunsQuerySchema,
  ListRunsResponseSchema,
  PatchCaseBodySchema,
} from '#shared/domain/monitor/schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const CASE_READ_ERRORS = ['unauthorized', 'insufficient_scope', 'no_account'] as const;

export const MONITOR_ROUTES = {
  list_cases: {
    operationId: 'list_cases',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases',
    summary: 'List cases with their current score and last run',
    description:
      'The cases of the account behind the key, newest first, with `latest_score` and ' +
      '`last_run_at`. `q` keeps cases whose name or domain contains it, ignoring case. ' +
      'Pagination (addition): `limit` (default 50) and `cursor` (the `next_cursor` of the ' +
      'previous page). A monitor:admin key lists every tenant: each entry carries ' +
      '`owner_email` and the response `scope: "all_tenants"`.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { query: ListCasesQuerySchema },
    response: { status: 200, schema: ListCasesResponseSchema },
    errors: [...CASE_READ_ERRORS, 'invalid_request', 'invalid_cursor'],
    data: 'read',
    handler: 'functions/http/monitor/list-cases.ts',
    mcpTool: true,
  },
  create_case: {
    operationId: 'create_case',
    area: 'monitor',
    method: 'POST',
    path: '/api/v1/cases',
    summary: 'Create a case (addition)',
    description:
      'Describes a company to measure: name, domain, category, ideal customer profile, ' +
      'competitors (names, or `{name, domain, aliases}`), use cases, region, languages, fact ' +
      'sheet and aliases. Needs a Monitor account (any plan); runs need the Pro plan.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:write',
    request: { body: CreateCaseBodySchema },
    response: { status: 201, schema: CaseResponseSchema },
    errors: [
      'invalid_request',
      'unauthorized',
      'insufficient_scope',
      'no_account',
      'duplicate_case',
    ],
    data: 'readwrite',
    handler: 'functions/http/monitor/create-case.ts',
    mcpTool: false,
    idempotent: true,
    addition: true,
  },
  get_case: {
    operationId: 'get_case',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}',
    summary: 'Read a case',
    description:
      "The case's details. A `monitor:admin` key reads any account's case; every other key " +
      "reads its own account's cases only (another account's case reads as not found).",
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema },
    response: { status: 200, schema: CaseResponseSchema },
    errors: [...CASE_READ_ERRORS, 'not_found'],
    data: 'read',
    handler: 'functions/http/monitor/get-case.ts',
    mcpTool: true,
  },
  patch_case: {
    operationId: 'patch_case',
    area: 'monitor',
    method: 'PATCH',
    path: '/api/v1/cases/{id}',
    summary: 'Change a case (addition)',
    description:
      'Changes the fields sent; lists and the fact sheet are replaced whole. Runs already ' +
      'queued or running keep measuring the case as it was when they were started. Only the ' +
      "owner's own cases.",
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:write',
    request: { params: CaseIdParamsSchema, body: PatchCaseBodySchema },
    response: { status: 200, schema: CaseResponseSchema },
    errors: [
      'invalid_request',
      'unauthorized',
      'insufficient_scope',
      'no_account',
      'not_found',
      'duplicate_case',
    ],
    data: 'readwrite',
    handler: 'functions/http/monitor/patch-case.ts',
    mcpTool: false,
    addition: true,
  },
  get_case_prompts: {
    operationId: 'get_case_prompts',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}/prompts',
    summary: 'Read the prompts the next run asks (addition)',
    description:
      'Every prompt of the case, written in each of its languages, with `enabled`, its block ' +
      'and whether it was `generated` from the case or is `custom` (written or reworded by ' +
      'you). The next run asks exactly the enabled ones, each `repeats` times per model family ' +
      'and mode; its summary carries `prompt_set_version`. `notes` says which languages lack ' +
      'the translations some questions need.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema },
    response: { status: 200, schema: CasePromptsResponseSchema },
    errors: [...CASE_READ_ERRORS, 'not_found'],
    data: 'read',
    handler: 'functions/http/monitor/get-case-prompts.ts',
    // The tool server's tools are exactly the contract's seven (docs/api.md "Tool server").
    mcpTool: false,
    addition: true,
  },
  set_case_prompts: {
    operationId: 'set_case_prompts',
    area: 'monitor',
    method: 'PUT',
    path: '/api/v1/cases/{id}/prompts',
    summary: 'Change the prompts: switch off, reword, add (addition)',
    description:
      'Sends the whole list back: a generated prompt with other words is reworded, one with ' +
      '`enabled: false` or left out is switched off, an entry without `id` is a new prompt ' +
      '(in one of the case languages), your own prompts left out are deleted. Answers the new ' +
      'list; `prompt_set_version` changes whenever what is asked changes, so runs before and ' +
      'after the change are not compared as a trend. With the `prompt_set_version` you read, ' +
      'a list changed meanwhile is refused (409 `prompt_set_changed`). Only the owner’s cases.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:write',
    request: { params: CaseIdParamsSchema, body: PutCasePromptsBodySchema },
    response: { status: 200, schema: CasePromptsResponseSchema },
    errors: [
      'invalid_request',
      'unauthorized',
      'insufficient_scope',
      'no_account',
      'not_found',
      'prompt_set_changed',
    ],
    data: 'readwrite',
    handler: 'functions/http/monitor/set-case-prompts.ts',
    mcpTool: false,
    addition: true,
  },
  get_case_summary: {
    operationId: 'get_case_summary',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}/summary',
    summary: 'Read the result of the most recent finished run',
    description:
      'Scores, share of answer, gaps, cited domains and sources of the latest run that ' +
      'finished `done`, with a 95% Wilson interval for every rate, the score and prompt-set ' +
      'versions, judge statistics and token usage with an estimated cost (additions).',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema },
    response: { status: 200, schema: CaseSummaryResponseSchema },
    errors: [...CASE_READ_ERRORS, 'not_found', 'no_run'],
    data: 'read',
    handler: 'functions/http/monitor/get-case-summary.ts',
    mcpTool: true,
  },
  list_runs: {
    operationId: 'list_runs',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}/runs',
    summary: "List a case's runs, newest first",
    description:
      'Status moves `queued` -> `running` -> `done`, or `failed` (with `error`) when a run ' +
      'could not finish. `delta` is the change of `total_score` against the preceding ' +
      'finished run (0 for the first). A `limit` outside 1 to 100 is a 400.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema, query: ListRunsQuerySchema },
    response: { status: 200, schema: ListRunsResponseSchema },
    errors: [...CASE_READ_ERRORS, 'invalid_request', 'not_found'],
    data: 'read',
    handler: 'functions/http/monitor/list-runs.ts',
    mcpTool: true,
  },
  create_run: {
    operationId: 'create_run',
    area: 'monitor',
    method: 'POST',
    path: '/api/v1/cases/{id}/runs',
    summary: 'Start a manual run',
    description:
      'Pro plan only. Queues a `manual` run and starts it at once; one run per case may be ' +
      'queued or in progress (409 `run_pending`, never a duplicate). The run measures the case ' +
      'as it is now. Only for the key holder’s own cases.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:write',
    request: { params: CaseIdParamsSchema, body: CreateRunBodySchema, optionalBody: true },
    response: { status: 200, schema: CreateRunResponseSchema },
    errors: [
      'invalid_request',
      'unauthorized',
      'plan_required',
      'insufficient_scope',
      'no_account',
      'not_found',
      'run_pending',
      'case_archived',
    ],
    data: 'readwrite',
    handler: 'functions/http/monitor/create-run.ts',
    starts: ['monitor-run'],
    mcpTool: false,
    idempotent: true,
  },
  get_run: {
    operationId: 'get_run',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}/runs/{run_id}',
    summary: 'Read one run and its summary (addition)',
    description:
      'The run (the fields of the run list) and, once it is `done`, its `summary`: the same ' +
      "object as the case summary's `summary`, so any past run can be read and two runs " +
      'compared. `summary` is null before the run finishes (and for a failed run).',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: RunIdParamsSchema },
    response: { status: 200, schema: GetRunResponseSchema },
    errors: [...CASE_READ_ERRORS, 'not_found'],
    data: 'read',
    handler: 'functions/http/monitor/get-run.ts',
    mcpTool: false,
    addition: true,
  },
  list_run_answers: {
    operationId: 'list_run_answers',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}/runs/{run_id}/answers',
    summary: "List a run's answers, or export them (addition)",
    description:
      'Every answer of the run with its prompt, the model as served, the mentions (matcher and ' +
      'judge, with evidence quotes), the brand sentiment, fact verdicts, sources (cited or only ' +
      'retrieved, with a category) and the search queries the model issued. Ordered by `id`; ' +
      'paginated with `limit` (1 to 100) and `cursor`; filters `family`, `mode`, `block`, ' +
      '`prompt_id`, `mentioned`, and to open a chart bar `entity` (the answers behind a ' +
      "name's share of answer), `cited_domain` (a domain or its subdomains, cited) and " +
      '`citation_category` (a kind of site, cited); the exports apply the same filters. `format=csv` answers `text/csv` with a header row and these ' +
      `columns, in this order: ${ANSWER_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')} (lists ` +
      'and objects as JSON text); `format=jsonl` answers `application/x-ndjson`, one answer ' +
      'object a line. Exports hold every matching answer (no pagination). After the answers ' +
      'were deleted the list is empty.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: RunIdParamsSchema, query: ListAnswersQuerySchema },
    response: { status: 200, schema: ListAnswersResponseSchema },
    exports: ['text/csv', 'application/x-ndjson'],
    errors: [...CASE_READ_ERRORS, 'invalid_request', 'invalid_cursor', 'not_found'],
    data: 'read',
    handler: 'functions/http/monitor/list-run-answers.ts',
    mcpTool: false,
    addition: true,
  },
  delete_run_answers: {
    operationId: 'delete_run_answers',
    area: 'monitor',
    method: 'DELETE',
    path: '/api/v1/cases/{id}/runs/{run_id}/answers',
    summary: "Delete a run's stored answers (addition)",
    description:
      'Deletes the answer texts and judge replies stored for a finished run; its summary, ' +
      'scores and the run itself stay. Only the owner of the case; a run still in progress ' +
      'is a 409 `run_pending`. Deleting again deletes nothing (`deleted: 0`).',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:write',
    request: { params: RunIdParamsSchema },
    response: { status: 200, schema: DeleteAnswersResponseSchema },
    errors: ['unauthorized', 'insufficient_scope', 'no_account', 'not_found', 'run_pending'],
    data: 'readwrite',
    handler: 'functions/http/monitor/delete-run-answers.ts',
    mcpTool: false,
    addition: true,
  },
  list_fixes: {
    operationId: 'list_fixes',
    area: 'monitor',
    method: 'GET',
    path: '/api/v1/cases/{id}/fixes',
    summary: "Did the fixes of the brand's site pay off? (addition)",
    description:
      "Every check of the brand's site that went from failing (or partial) to passing in its " +
      "scans (the owner's scan history of the domain and the runs' own scans of it), dated by " +
      'the first passing scan, oldest first. For each: the runs before and after it (up to ' +
      'three a side) with their unbranded answers; share of answer, the own citation rate and ' +
      "each family's mention rate on both sides with the change and its 95% interval; the same " +
      'change for the competitors as a control; and a `verdict`: `improved`, `no_change`, ' +
      '`worse`, or `too_early` (fewer than two runs after the fix, or too few answers to see a ' +
      '20-point change). When the engine changed between the two sides, `engine_changed` is ' +
      'true and no improvement is claimed.',
    tag: 'Monitor',
    auth: 'required',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema },
    response: { status: 200, schema: ListFixesResponseSchema },
    errors: [...CASE_READ_ERRORS, 'not_found'],
    data: 'read',
    handler: 'functions/http/monitor/list-fixes.ts',
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
