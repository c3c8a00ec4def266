import { describe, expect, it } from 'vitest';
import { hostGate } from '#local/http-front';

/** The local front's Host rule (issue 26, point 1): which Host headers it serves at all. */
describe('hostGate', () => {
  it('serves loopback names on any port and refuses every other name', () => {
    const served = hostGate('127.0.0.1', []);
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:1', '[::1]:3000', 'LocalHost:9'])
      expect(served(host), host).toBe(true);
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.2:3000', 'localhost.', ''])
      expect(served(host), host).toBe(false);
    expect(served(undefined)).toBe(false);
  });

  it('refuses Host values that are not a plain host[:port]', () => {
    const served = hostGate('127.0.0.1', []);
    for (const host of [
      'evil@localhost',
      'localhost/x',
      'localhost:3000,evil.example',
      'localhost:x',
    ])
      expect(served(host), host).toBe(false);
  });

  it('serves ALLOWED_HOSTS: a name on any port, name:port on that port only', () => {
    const served = hostGate('127.0.0.1', ['devbox.test', 'lab.test:8443']);
    expect(served('devbox.test:3000')).toBe(true);
    expect(served('lab.test:8443')).toBe(true);
    expect(served('lab.test:3000')).toBe(false);
  });

  it('serves the address it listens on, unless it listens on every interface', () => {
    expect(hostGate('192.168.1.20', [])('192.168.1.20:3000')).toBe(true);
    expect(hostGate('0.0.0.0', [])('0.0.0.0:3000')).toBe(false);
    expect(hostGate('::', [])('[::]:3000')).toBe(false);
  });
});
