/**
 * The dashboard's form bodies as the browser gate hands them on (a field sent once is a string,
 * a repeated one an array). These schemas only shape the fields and set no limit of their own
 * (the body's 64 KiB cap holds): every rule about the values stays with the area's own schema
 * and operation, which the dashboard operations call, so a refused value always comes back as
 * the form with what was typed and the message at its field (`form-kit/`), never an error page.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';

const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** A typed field: any text (the form's declared limits and the area's schema judge it). */
const text = () => z.string().default('');

export const SignInRequestFormSchema = z.object({ email: text(), next: z.string().optional() });
export const SessionFormSchema = z.object({ token: text() });
/** The account page's forms (their values judged by the account operations' own schemas). */
export const InviteFormSchema = z.object({ email: text(), role: text() });
export const RoleFormSchema = z.object({ role: text() });
export const TransferFormSchema = z.object({ user_id: text() });
export const SwitchAccountFormSchema = z.object({ account_id: text() });
export const CreateKeyFormSchema = z.object({ scopes: many, name: text() });
/** `open=history`: a rescan button, which opens the domain's history instead of the result. */
export const ScanFormSchema = z.object({ domain: text(), open: z.string().max(20).optional() });
export const BatchFormSchema = z.object({ domains: text() });
export const RunFormSchema = z.object({ label: text() });

export const CaseFormSchema = z.object({
  name: text(),
  domain: text(),
  category: text(),
  icp: text(),
  competitors: text(),
  use_cases: text(),
  region: text(),
  languages: text(),
  fact_sheet: text(),
  aliases: text(),
  status: z.string().default('active'),
});

export const TrackCompetitorFormSchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** The run page the form was sent from, to go back to. */
  run_id: RecordIdSchema.optional(),
});

export const CaseStatusFormSchema = z.object({ status: z.enum(['active', 'archived']) });

/**
 * The prompt list form (docs/dashboard.md "Prompts"): per listed prompt `id_<n>`, `text_<n>` and
 * the checkbox `on_<n>`; new prompts one per line in `new_prompts`, with their language and
 * block. `set_case_prompts`' own schema checks the values.
 */
export const PromptsFormSchema = z
  .object({
    prompt_set_version: text(),
    new_prompts: text(),
    new_language: text(),
    new_block: text(),
  })
  .catchall(z.string());

/**
 * The case fields in its other languages: per language `language_<n>` and its `category_<n>`,
 * `icp_<n>`, `region_<n>` and `use_cases_<n>` (one per line).
 */
export const TranslationsFormSchema = z.object({}).catchall(z.string());

export const CreateWebhookFormSchema = z.object({
  url: text(),
  label: text(),
  events: many,
});

export const UpdateWebhookFormSchema = z.object({
  label: z.string().optional(),
  events: many,
  /** Present when the form carries the event checkboxes (none ticked is then a choice). */
  events_present: z.string().optional(),
  active: z.enum(['true', 'false']).optional(),
  /** Set by the confirmed "Rotate secret" form: a new signing secret instead of a change. */
  rotate_secret: z.literal('1').optional(),
});

export type CaseForm = z.output<typeof CaseFormSchema>;
export type UpdateWebhookForm = z.output<typeof UpdateWebhookFormSchema>;

/** Non-empty trimmed lines of a text area. */
export function lines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Entries separated by commas or new lines. */
export function listOf(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Query strings and path parameters of the dashboard pages. */
const optionalText = (max: number) => z.string().max(max).optional();

export const NoticeQuerySchema = z.object({ notice: optionalText(40) });
export const SignInQuerySchema = z.object({
  token: optionalText(200),
  signed_out: optionalText(1),
  /** Where to go once signed in (a dashboard path; anything else is ignored). */
  next: optionalText(300),
});
/** The scan history's filters and page (checked again by `list_domains`' own schema). */
export const ScansQuerySchema = z.object({
  /** Typed by a person: judged by the page (`HISTORY_SEARCH_FORM`), which answers at the field. */
  q: z.string().optional(),
  band: optionalText(10),
  pillar: optionalText(2),
  cursor: optionalText(2000),
});
export const DomainPageQuerySchema = z.object({ cursor: optionalText(2000) });
/** An invitation's token, a member's user id and an invitation id, as the paths carry them. */
export const InvitationTokenPathSchema = z.object({ token: z.string().min(1).max(200) });
export const MemberPathSchema = z.object({ user_id: z.string().min(1).max(100) });
export const InvitationIdPathSchema = z.object({ id: z.string().min(1).max(100) });
export const DomainPathSchema = z.object({ domain: z.string().min(1).max(300) });
/** The Agents tab's period and the notice after an upload (checked again by `get_domain_agents`). */
export const AgentsPageQuerySchema = z.object({
  from: optionalText(10),
  to: optionalText(10),
  notice: optionalText(40),
});
export const CasesQuerySchema = z.object({
  /** Typed by a person: judged by the page (`CASE_SEARCH_FORM`), which answers at the field. */
  q: z.string().optional(),
  cursor: optionalText(2000),
  all: optionalText(1),
  notice: optionalText(40),
});
/**
 * Path ids of the pages: UUIDs, lower-cased as in the areas' own parameter schemas (a malformed
 * id reads as not found). Declared here so that the route table does not load every area's
 * schemas into every dashboard function.
 */
export const UuidParamsSchema = z.object({ id: RecordIdSchema });
/** A scan's page after "Check my fixes": the scan it verified. */
export const VerifiedQuerySchema = z.object({ verified: RecordIdSchema.optional() });
export const RunParamsSchema = z.object({ id: RecordIdSchema, run_id: RecordIdSchema });

export const CaseRunQuerySchema = z.object({
  against: RecordIdSchema.optional(),
  notice: optionalText(40),
});

/**
 * The answers page's query: any text up to the address's own bound, so a filter the list does
 * not take comes back at its control (case-runs.ts `readFilters`), never as an error page.
 */
export const RunAnswersQuerySchema = z.object({
  family: optionalText(2000),
  mode: optionalText(2000),
  block: optionalText(2000),
  prompt_id: optionalText(2000),
  mentioned: optionalText(2000),
  entity: optionalText(2000),
  cited_domain: optionalText(2000),
  citation_category: optionalText(2000),
  cursor: optionalText(2000),
  format: optionalText(2000),
  /** The page of the answers page (1-based; anything else reads as the first page). */
  page: optionalText(6),
});

export const SessionIdParamsSchema = z.object({
  id: z.string().regex(/^ses_[A-Za-z0-9_-]{16}$/),
});
