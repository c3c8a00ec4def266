/**
 * The smoke test's HTTP client: JSON over fetch with the bearer key, every answer read whole, and
 * a failure that says which call answered what (status, error code and message of the envelope).
 */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export class StepFailure extends Error {}

export interface Api {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** `call`, failing unless the status is the expected one. */
  expect(status: number, method: string, path: string, body?: unknown): Promise<Answer>;
}

function describe(answer: Answer): string {
  const error = answer.body.error as { code?: string; message?: string } | undefined;
  return error ? `${answer.status} ${error.code}: ${error.message}` : `${answer.status}`;
}

export function createApi(baseUrl: string, key: string): Api {
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
    } catch {
      throw new StepFailure(
        `${method} ${path}: ${response.status}, not JSON: ${text.slice(0, 120)}`,
      );
    }
  }
  return {
    call,
    async expect(status, method, path, body) {
      const answer = await call(method, path, body);
      if (answer.status !== status) {
        throw new StepFailure(`${method} ${path}: expected ${status}, got ${describe(answer)}`);
      }
      if (typeof answer.body.meta !== 'object' || answer.body.meta === null) {
        throw new StepFailure(`${method} ${path}: the response carries no meta`);
      }
      return answer;
    },
  };
}

/** Polls `read` until `done` says so or the deadline passes. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { deadline: number; intervalMs: number; what: string },
): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > options.deadline) throw new StepFailure(`${options.what}: timed out`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}
