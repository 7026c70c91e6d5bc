import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** Security headers on every kind of answer: page, API success, API refusal, 404, 405. */
describe('security headers', () => {
  const server = useTestServer();

  it('every answer carries the CSP, nosniff, no-referrer and DENY framing', async () => {
    const host = new URL(server.origin).host;
    const requests: [string, RequestInit][] = [
      ['/', {}],
      ['/?room=x&token=y', {}],
      ['/assets/missing.js', {}],
      ['/api/health', {}],
      ['/api/session', {}],
      ['/api/nothing-here', {}],
      ['/api/rooms', { method: 'POST', body: '{' }],
      ['/', { method: 'PUT' }],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(server.origin + path, init);
      const got = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, response.headers.get(name)]));
      expect({ path, ...got }).toEqual({ path, ...EXPECTED });
      expect(response.headers.get('content-security-policy')).toBe(
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self' data:",
          `connect-src 'self' ws://${host} wss://${host}`,
          "worker-src 'self' blob:",
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
      );
    }
  });
});
