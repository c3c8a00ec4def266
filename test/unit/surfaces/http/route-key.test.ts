/** The shared entry's dispatch on API Gateway's route key (shared/surfaces/http/route-key.ts). */
import { describe, expect, it } from 'vitest';
import { dispatchByRouteKey } from '#shared/surfaces/http/route-key';

const handlers = {
  '/api/v1/things/{id}': (event: never) => ({ served: 'thing', event }),
  '/{document}': () => ({ served: 'document' }),
};

describe('dispatchByRouteKey', () => {
  it('hands the event to the handler of the route key path, whatever the method', () => {
    const entry = dispatchByRouteKey(handlers, 'thing');
    const event = { routeKey: 'GET /api/v1/things/{id}' };
    expect(entry(event, {})).toEqual({ served: 'thing', event });
  });

  it('throws a wiring error naming the label and the key when no route matches', () => {
    const entry = dispatchByRouteKey(handlers, 'thing');
    expect(() => entry({ routeKey: 'GET /api/v1/other' }, {})).toThrow(
      'no thing route for GET /api/v1/other',
    );
    expect(() => entry({}, {})).toThrow('no thing route for undefined');
  });

  it('serves an unknown key from the fallback path when one is named', () => {
    const entry = dispatchByRouteKey(handlers, 'discovery', '/{document}');
    expect(entry({ routeKey: 'GET /llms.txt' }, {})).toEqual({ served: 'document' });
  });
});
