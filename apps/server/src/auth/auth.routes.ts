import { resendVerificationSchema, signInSchema, signUpSchema } from "@academy/shared";
import { getConnInfo } from "@hono/node-server/conninfo";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ZodType } from "zod";
import { user } from "../db/schema/index.ts";
import type { AppDeps, AppEnv } from "../lib/http.ts";
import { toIssues } from "../lib/http.ts";
import { withSecurityHeaders } from "../lib/security-headers.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { signUpAttempt } from "./context.ts";

/** Spec 000 §8 Sign-up: the text the client shows as "Account exists". */
export const ALREADY_REGISTERED = "This email is already registered. Please sign in instead.";

const BODY_SCHEMAS: Record<string, ZodType> = {
  "/api/auth/sign-up/email": signUpSchema,
  "/api/auth/sign-in/email": signInSchema,
  "/api/auth/send-verification-email": resendVerificationSchema,
};

/**
 * /api/auth/*: better-auth's handler behind Academy's own checks. Bodies of sign-up, sign-in and
 * resend-verification are validated with the shared zod schemas first (400 with a readable
 * message; nothing reaches the database). The client IP for rate limiting comes from the TCP peer
 * (or X-Forwarded-For with TRUST_PROXY). A sign-up for a registered e-mail answers 422
 * USER_ALREADY_EXISTS (spec 000 §8 "Account exists"), after better-auth's rate limit has counted it.
 */
export function authRoutes(deps: AppDeps, headerList: Array<[string, string]>) {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const headers = new Headers(raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.env.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);

    let body: string | undefined;
    if (raw.method === "POST") {
      body = await raw.text();
      const schema = BODY_SCHEMAS[url.pathname];
      if (schema) {
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : {};
        } catch {
          return c.json({ code: "INVALID_JSON", message: "Invalid data format" }, 400);
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          const issues = toIssues(parsed.error);
          return c.json(
            { code: "VALIDATION_FAILED", message: issues[0]?.message ?? "Invalid input", issues },
            400,
          );
        }
        body = JSON.stringify({ ...(json as object), ...(parsed.data as object) });
      }
    }

    const request = new Request(url, { method: raw.method, headers, body, signal: raw.signal });
    const attempt = { existingUser: false };
    const response = await signUpAttempt.run(attempt, () => deps.auth.handler(request));
    if (url.pathname === SIGN_UP_PATH && (await isDuplicateSignUp(deps, attempt, response, body))) {
      return c.json({ code: "USER_ALREADY_EXISTS", message: ALREADY_REGISTERED }, 422);
    }
    if (response.status === 429) {
      const retryAfter = response.headers.get("x-retry-after") ?? "60";
      return c.json(
        { code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." },
        429,
        {
          "Retry-After": retryAfter,
          "X-Retry-After": retryAfter,
        },
      );
    }
    return withSecurityHeaders(response, headerList);
  });
  return app;
}

const SIGN_UP_PATH = "/api/auth/sign-up/email";

/**
 * True when a sign-up was for an e-mail that is registered: better-auth reported the existing
 * user, or (two sign-ups racing for one e-mail) its insert failed and the user now exists.
 */
async function isDuplicateSignUp(
  deps: AppDeps,
  attempt: { existingUser: boolean },
  response: Response,
  body: string | undefined,
) {
  if (attempt.existingUser) return response.ok;
  if (response.status !== 422) return false;
  const payload = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (payload?.code !== "FAILED_TO_CREATE_USER") return false;
  const email = (JSON.parse(body ?? "{}") as { email?: string }).email;
  if (!email) return false;
  const rows = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return rows.length > 0;
}

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string | undefined {
  if (trustProxy) {
    // The proxy in front of Academy appends the address it saw: the last entry is the one to trust.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}
