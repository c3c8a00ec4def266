import { isIP } from 'node:net';
import type { ConnectStep } from '#shared/adapters/http/guarded-agent';

/** One connection a guarded agent asked its connect step to open. */
export interface RecordedConnection {
  hostname: string;
  port: string;
  /** The addresses the socket would have tried: the literal, or what the guarded lookup gave. */
  addresses: string[];
}

/**
 * A connect step that opens nothing: it records each destination the guard let through and
 * fails the connection. Names go through the guarded lookup as Node's sockets do (literals do
 * not), so a refusal at lookup time is reported exactly as in production. Tests of refusals use
 * it so that nothing is sent even if the guard were broken.
 */
export function connectRecorder(): { step: ConnectStep; connections: RecordedConnection[] } {
  const connections: RecordedConnection[] = [];
  const step: ConnectStep =
    ({ lookup }) =>
    (options, callback) => {
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      const record = (addresses: string[]) => {
        connections.push({ hostname: options.hostname, port: options.port, addresses });
        callback(new Error(`recorded, not sent: ${options.hostname}`), null);
      };
      if (isIP(host) !== 0) {
        record([host]);
        return;
      }
      lookup(host, { all: true }, (error, answer) => {
        if (error) callback(error, null);
        else record(Array.isArray(answer) ? answer.map((entry) => entry.address) : [answer]);
      });
    };
  return { step, connections };
}
