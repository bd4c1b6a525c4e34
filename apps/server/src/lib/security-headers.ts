import type { MiddlewareHandler } from "hono";

/** Content-Security-Policy directives of the app (issue 2 Operations). */
export type CspDirectives = Record<string, string[]>;

export const APP_CSP: CspDirectives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", "https:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "media-src": ["'self'", "blob:"],
  "frame-src": [
    "'self'",
    "https://www.youtube-nocookie.com",
    "https://www.youtube.com",
    "https://player.vimeo.com",
  ],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'", "https://accounts.google.com"],
};

/** The Content-Security-Policy header value of `directives` ("name v1 v2; name2 …"). */
export function cspHeaderValue(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The security headers for every response: CSP, nosniff, Referrer-Policy, frame denial, HSTS in production. */
export function securityHeaderList(options: {
  production: boolean;
  csp?: CspDirectives;
}): Array<[string, string]> {
  const csp = cspHeaderValue(options.csp ?? APP_CSP);
  const list: Array<[string, string]> = [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
  ];
  if (options.production) list.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return list;
}

/**
 * Sets the security headers before the handler runs, so responses built with the context
 * (c.body, c.json, static files) carry them without being copied afterwards. Handlers that return
 * a Response of their own must add them with `withSecurityHeaders`.
 */
export function securityHeaders(list: Array<[string, string]>): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of list) c.header(name, value);
    await next();
  };
}

/** A copy of `response` with the security headers added (for Responses not built by the context). */
export function withSecurityHeaders(response: Response, list: Array<[string, string]>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of list) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
