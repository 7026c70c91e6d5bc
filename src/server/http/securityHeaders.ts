/**
 * Headers on every HTTP answer (pages, assets, API). Links carry tokens, so no Referer ever leaves
 * a page; nothing may frame the table (clickjacking a GM's buttons); the browser runs only our
 * own bundled scripts. PixiJS runs without eval because the client imports 'pixi.js/unsafe-eval'
 * (its eval-free shader and uniform code). Styles: the UI sets a few `style` attributes and one
 * style element, hence 'unsafe-inline' for styles only (never for scripts).
 */
export function securityHeaders(host: string | undefined): Record<string, string> {
  // The websocket lives on the same host; 'self' covers ws: in CSP 3 browsers, the explicit
  // ws:/wss: origins cover the rest. A Host header that is not a plain host[:port] is left out.
  const sameHost =
    host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : undefined;
  const connect = ["'self'", ...(sameHost ? [`ws://${sameHost}`, `wss://${sameHost}`] : [])].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src ${connect}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}
