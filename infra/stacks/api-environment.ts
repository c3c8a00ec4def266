/**
 * The variables every function of the API stack gets from the stage's context (docs/deploy.md
 * "Context values"): the stage (the `stage` dimension of the business metrics, docs/runbook.md),
 * the operator addresses, the public base URL and whether sign-up is open.
 */
export interface ApiEnvironmentProps {
  stage?: string | undefined;
  adminEmails?: string | undefined;
  publicBaseUrl?: string | undefined;
  signup?: 'open' | 'closed' | undefined;
}

export function apiEnvironment(props: ApiEnvironmentProps): Record<string, string> {
  const environment: Record<string, string> = {};
  if (props.stage) environment.STAGE = props.stage;
  if (props.adminEmails) environment.ADMIN_EMAILS = props.adminEmails;
  if (props.publicBaseUrl) environment.PUBLIC_BASE_URL = props.publicBaseUrl;
  if (props.signup) environment.SIGNUP = props.signup;
  return environment;
}
