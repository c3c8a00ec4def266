import { getOutbox } from '#shared/wiring/mail';

/**
 * A minimal browser for the dashboard's HTTP tests: a cookie jar, form posts that carry the
 * Origin a browser sends, redirects left to the test, and the sign-in link from the local
 * outbox (the stack runs in this process: its wiring's outbox is the process's).
 */
export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

export type Fields = Record<string, string | readonly string[]>;

export function encodeForm(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const entry of typeof value === 'string' ? [value] : value) params.append(name, entry);
  }
  return params.toString();
}

/** The value of the first hidden `csrf_token` field of a page. */
export function csrfOf(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no CSRF field on the page');
  return match[1];
}

/** The newest sign-in link mailed to `email` through the local outbox. */
export function latestSignInLink(email: string): string | undefined {
  const mail = getOutbox()
    .messages()
    .filter((message) => message.to === email)
    .at(-1);
  return mail ? /https?:\/\/\S+\/dashboard\/sign-in\?token=[\w-]+/.exec(mail.text)?.[0] : undefined;
}

export class DashboardHttp {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request with the jar's cookies; the cookies it sets are kept, its redirect is not followed. */
  private async send(path: string, init: RequestInit & { headers: Record<string, string> }) {
    const response = await fetch(new URL(path, this.baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...this.cookieHeader(), ...init.headers },
    });
    this.keep(response);
    return {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      location: response.headers.get('location'),
    };
  }

  get(path: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
    return this.send(path, { headers });
  }

  /** A form post as a browser on this site sends it (Origin set), unless told otherwise. */
  post(
    path: string,
    fields: Fields,
    options: { origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<PageAnswer> {
    const origin = options.origin === undefined ? new URL(this.baseUrl).origin : options.origin;
    return this.send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
        ...options.headers,
      },
      body: encodeForm(fields),
    });
  }

  /**
   * A body sent as it is (a file), as a page's script sends it: the CSRF token in its header,
   * Origin set.
   */
  postRaw(
    path: string,
    body: string,
    headers: { 'content-type': string; 'x-csrf-token': string },
  ): Promise<PageAnswer> {
    return this.send(path, {
      method: 'POST',
      headers: { origin: new URL(this.baseUrl).origin, ...headers },
      body,
    });
  }

  /** Asks for a link, opens it and presses its button: the whole sign-in of a person. */
  async signIn(email: string): Promise<string> {
    const asked = await this.post('/dashboard/sign-in', { email });
    if (asked.status !== 200) throw new Error(`sign-in form answered ${asked.status}`);
    const link = latestSignInLink(email);
    if (!link) throw new Error(`no sign-in link mailed to ${email}`);
    const confirm = await this.get(link);
    const token = /name="token" value="([^"]+)"/.exec(confirm.text)?.[1];
    if (!token) throw new Error(`the link page has no button (${confirm.status})`);
    const session = await this.post('/dashboard/session', { token });
    if (session.status !== 303) throw new Error(`using the link answered ${session.status}`);
    const home = await this.get('/dashboard');
    return csrfOf(home.text);
  }
}
