import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { session, user, userSuspensions } from "../db/schema/index.ts";

const notSuspended = sql`not exists (select 1 from ${userSuspensions} where ${userSuspensions.user_id} = ${user.id})`;

import type { SessionUser } from "../lib/http.ts";
import type { Auth } from "./auth.ts";

export interface ResolvedSession {
  user: SessionUser;
  sessionId: string;
}

/** Reads one cookie from a Cookie header (the raw, still URL-encoded value), or undefined. */
function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return undefined;
}

/**
 * The session behind a request, for every API call (decision 0008). Same answer as better-auth's
 * `getSession`, in one database round trip instead of several and without its endpoint machinery:
 *
 * 1. the session cookie must carry a valid signature (better-call's format: `token.base64(HMAC-SHA256(secret, token))`);
 * 2. one query reads the session joined with its user by token;
 * 3. an unknown token (signed out, deleted) is no session;
 * 4. when the session is expired, due for its sliding refresh (older than `updateAge`), or the
 *    browser asked not to be remembered, the call is handed to better-auth's `getSession`, which
 *    deletes, refreshes or answers it exactly as it always does.
 *
 * @returns the signed-in user and session id, or null.
 */
export async function createSessionLookup(db: Db, auth: Auth) {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const dontRemember = context.authCookies.dontRememberToken.name;
  const secret = context.secret;
  const expiresInMs = context.sessionConfig.expiresIn * 1000;
  const updateAgeMs = context.sessionConfig.updateAge * 1000;

  async function viaBetterAuth(headers: Headers): Promise<ResolvedSession | null> {
    const found = await auth.api.getSession({ headers });
    if (!found) return null;
    return {
      user: {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        emailVerified: found.user.emailVerified,
      },
      sessionId: found.session.id,
    };
  }

  return async function lookup(headers: Headers): Promise<ResolvedSession | null> {
    const cookieHeader = headers.get("cookie");
    if (!cookieHeader) return null;
    const raw = readCookie(cookieHeader, cookieName);
    if (!raw) return null;
    if (readCookie(cookieHeader, dontRemember)) return viaBetterAuth(headers);
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (signature.length !== 44 || !signature.endsWith("=")) return null;
    const expected = createHmac("sha256", secret).update(token).digest();
    const given = Buffer.from(signature, "base64");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

    const [row] = await db
      .select({
        sessionId: session.id,
        expiresAt: session.expiresAt,
        userId: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      // A suspended account has no session (issue 14 Users), whichever way it was created.
      .where(and(eq(session.token, token), notSuspended))
      .limit(1);
    if (!row) return null;
    const expires = row.expiresAt.getTime();
    const now = Date.now();
    if (expires <= now || expires - expiresInMs + updateAgeMs <= now) return viaBetterAuth(headers);
    return {
      user: { id: row.userId, email: row.email, name: row.name, emailVerified: row.emailVerified },
      sessionId: row.sessionId,
    };
  };
}
