import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { session, user, userSuspensions } from "../db/schema/index.ts";

const notSuspended = sql`not exists (select 1 from ${userSuspensions} where ${userSuspensions.user_id} = ${user.id})`;

import type { SessionUser } from "../lib/http.ts";
import type { RealtimeBus } from "../realtime/bus.ts";
import type { Auth } from "./auth.ts";

/** NOTIFY channel of migration 0029: a session, user or suspension row changed (payload: the table). */
export const AUTH_CHANGED_CHANNEL = "academy_auth";
/** Longest a cached session answer is reused (ms), even without a change notification. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Most tokens held; the cache is emptied when it would grow past this. */
const SESSION_CACHE_MAX = 10_000;

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
 * With `cacheBus` (only for the embedded PGlite — a PostgreSQL bus is ignored, no caching — where this process is the database's one writer:
 * decision 0213) step 2's answer is kept per token for up to SESSION_CACHE_TTL_MS and reused
 * (expiry and refresh are still checked on every request). Any change to a session, user or
 * suspension row — whichever code path makes it — NOTIFYs AUTH_CHANGED_CHANNEL (migration 0029);
 * PGlite delivers it while the writing statement completes, before its caller continues, and the
 * whole cache is dropped, so sign-out, revocation and suspension take effect on the next request.
 * A lookup that was reading while a change arrived does not store its (possibly old) answer.
 *
 * @returns the signed-in user and session id, or null.
 */
export async function createSessionLookup(db: Db, auth: Auth, cacheBus?: RealtimeBus) {
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

  interface Cached {
    user: SessionUser;
    sessionId: string;
    expires: number;
    cachedAt: number;
  }
  const cache = new Map<string, Cached>();
  /** Bumped by every change notification: an answer read under an older generation is not stored. */
  let generation = 0;
  // Only PGlite's bus delivers a change before the writing call returns; on PostgreSQL the
  // notification comes later over another connection, so a cache there could answer stale.
  const caching = cacheBus?.kind === "pglite";
  if (caching && cacheBus) {
    cacheBus.subscribe(AUTH_CHANGED_CHANNEL, () => {
      generation += 1;
      cache.clear();
    });
    // Caching starts only once the listener is active (no change can be missed).
    await cacheBus.ready();
  }

  /** The answer for a fresh session row (or better-auth's, when it is expired or due for refresh). */
  function answer(
    headers: Headers,
    found: Omit<Cached, "cachedAt">,
  ): Promise<ResolvedSession | null> | ResolvedSession {
    const now = Date.now();
    if (found.expires <= now || found.expires - expiresInMs + updateAgeMs <= now)
      return viaBetterAuth(headers);
    return { user: found.user, sessionId: found.sessionId };
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

    if (caching) {
      const hit = cache.get(token);
      if (hit && Date.now() - hit.cachedAt < SESSION_CACHE_TTL_MS) return answer(headers, hit);
    }
    const readAt = generation;
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
    const found = {
      user: { id: row.userId, email: row.email, name: row.name, emailVerified: row.emailVerified },
      sessionId: row.sessionId,
      expires: row.expiresAt.getTime(),
    };
    if (caching && readAt === generation) {
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(token, { ...found, cachedAt: Date.now() });
    }
    return answer(headers, found);
  };
}
