/**
 * The logging port: structured log lines (one JSON object each: a message and named fields)
 * written by domain code and the surfaces without naming the library that writes them. The
 * wiring builds the one implementation from the configuration (its level included) and hands it
 * on through each area's dependencies; the surfaces scope its keys to one invocation
 * (docs/architecture.md "Logs").
 */

/** Named values on a line; an `Error` value is written with its name, message and stack. */
export type LogFields = Readonly<Record<string, unknown>>;

/** Writes lines at four levels; lines below the configured level are dropped. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * The fields of the runtime's invocation context that every line of an invocation carries
 * (Lambda's context object has them; the local runtime builds one of the same shape).
 */
export interface InvocationContext {
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
}

/**
 * The logger as a handler's surface uses it: keys that hold for one invocation only (the request
 * id, the operation, the step), so that concurrent invocations of one process never mix them.
 */
export interface InvocationLogger extends Logger {
  /** Starts an invocation: its context on every line from now on. */
  startInvocation(event: unknown, context: InvocationContext): void;
  /** Adds keys to every later line of the current invocation. */
  appendKeys(keys: LogFields): void;
  /** Ends the invocation: the keys appended during it are dropped. */
  endInvocation(): void;
}
