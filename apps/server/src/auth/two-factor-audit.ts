import { eq } from "drizzle-orm";
import { user } from "../db/schema/index.ts";
import type { AppDeps } from "../lib/http.ts";
import { recordSecurityEvent } from "../lib/security-events.ts";

/**
 * Two-factor changes in the security log (issue 25 items 6 and 7): what the better-auth plugin's
 * endpoints did, recorded after they answered OK — turned on (the signed-in confirmation of the
 * first code), turned off, new recovery codes, and a recovery code used to sign in. Nothing secret
 * is stored (no code, no secret).
 */
export interface TwoFactorAudit {
  /** Before the call: the signed-in person and whether 2FA was on (null for a path not audited). */
  before(): Promise<{ userId: string | null; enabled: boolean } | null>;
  /** After an OK answer: records the event, if any. */
  after(response: Response): Promise<void>;
}

const ACTIONS: Record<string, string> = {
  "/api/auth/two-factor/verify-totp": "two_factor.enabled",
  "/api/auth/two-factor/disable": "two_factor.disabled",
  "/api/auth/two-factor/generate-backup-codes": "two_factor.recovery_codes_regenerated",
  "/api/auth/two-factor/verify-backup-code": "two_factor.recovery_code_used",
};

/** The audit of one /api/auth request (`null` when its path changes nothing about 2FA). */
export function twoFactorAudit(
  deps: Pick<AppDeps, "auth" | "db" | "logger">,
  pathname: string,
  headers: Headers,
  meta: { ip: string | null; userAgent: string | null },
): TwoFactorAudit | null {
  const action = ACTIONS[pathname];
  if (!action) return null;
  let state: { userId: string | null; enabled: boolean } | null = null;
  return {
    async before() {
      const session = await deps.auth.api.getSession({ headers }).catch(() => null);
      const userId = session?.user.id ?? null;
      const [row] = userId
        ? await deps.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId))
        : [];
      state = { userId, enabled: Boolean(row?.enabled) };
      return state;
    },
    async after(response) {
      if (!response.ok || !state) return;
      let userId = state.userId;
      // verify-totp with a session turns 2FA on only the first time; at sign-in it is just a code.
      if (action === "two_factor.enabled" && (!userId || state.enabled)) return;
      if (action === "two_factor.recovery_code_used" && !userId) {
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as { user?: { id?: string } } | null;
        userId = body?.user?.id ?? null;
      }
      if (!userId) return;
      try {
        await recordSecurityEvent(deps.db, { userId, action, ip: meta.ip, userAgent: meta.userAgent });
      } catch (error) {
        deps.logger.error({ err: error, action }, "security event not recorded");
      }
    },
  };
}
