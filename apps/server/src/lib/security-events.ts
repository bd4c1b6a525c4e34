import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { securityEvents, userDevices } from "../db/schema/index.ts";

/**
 * The security log of accounts (issue 25 item 7, decision 0223): sign-ins from new devices,
 * changes of where money is paid, two-factor changes. Lives below features/ so that auth/ (the
 * sign-in hook, later the 2FA plugin) and the features record events without importing each other.
 *
 * Action names are `<area>.<what>`; the web app has en and vi labels for the ones below
 * (`SECURITY_ACTIONS`) and shows any other name as it is. Expected names from the 2FA work:
 * `two_factor.enabled`, `two_factor.disabled`, `two_factor.recovery_codes_regenerated`,
 * `two_factor.recovery_code_used`.
 */
export const SECURITY_ACTIONS = [
  "sign_in.new_device",
  "payment_methods.updated",
  "seller_details.updated",
  "two_factor.enabled",
  "two_factor.disabled",
  "two_factor.recovery_codes_regenerated",
  "two_factor.recovery_code_used",
] as const;

/** Key names whose values are never stored (a value under such a key becomes "[redacted]"). */
const SECRET_KEY =
  /pass(word|wd|phrase)?|secret|token|key|otp|totp|recovery|backup.?codes?|credential|cookie|signature|authori[sz]ation|session|cvc|cvv|pin$/i;
/** Strings that look like keys or tokens even under an innocent name (Stripe keys, JWTs, long hex/base64). */
const SECRET_VALUE = /^(sk|rk|pk|whsec)_(live|test)_|^eyJ[\w-]+\.[\w-]+\.|^[A-Za-z0-9+/_=-]{40,}$/;
const REDACTED = "[redacted]";
/** Most characters a details string keeps; longer ones are cut. */
const MAX_STRING = 200;

/**
 * A copy of `value` safe to store: values under secret-like keys (password, token, key, secret, otp,
 * recovery codes, …) and strings that look like keys or tokens become "[redacted]", strings are cut to
 * 200 characters, nesting stops at depth 4 and arrays at 50 items. Pure.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return SECRET_VALUE.test(value) ? REDACTED : value.slice(0, MAX_STRING);
  if (depth >= 4) return REDACTED;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactSecrets(item, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1);
    }
    return out;
  }
  return undefined;
}

/**
 * The network of an IP address as stored and compared: IPv4 → "a.b.c.0/24", IPv6 → the first three
 * groups + "::/48", an IPv4-mapped IPv6 address as IPv4; null for an empty or unreadable address.
 */
export function ipNetwork(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const address = ip.trim().replace(/^::ffff:/i, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (address.includes(":")) {
    const [head] = address.split("::");
    const groups = (head ?? "").split(":").filter(Boolean);
    while (groups.length < 3) groups.push("0");
    return `${groups.slice(0, 3).join(":").toLowerCase()}::/48`;
  }
  return null;
}

/** The key of a device: SHA-256 (hex) of the user agent and the /24 network. */
export function deviceKey(userAgent: string | null | undefined, ip: string | null | undefined): string {
  return createHash("sha256")
    .update(`${userAgent ?? ""}\n${ipNetwork(ip) ?? ""}`)
    .digest("hex");
}

/** One security event as written: the account, the action and its details; where from, when known. */
export interface SecurityEventInput {
  userId: string;
  /** `<area>.<what>`, e.g. "two_factor.enabled"; at most 64 characters. */
  action: string;
  /** A small JSON object; secrets are removed (`redactSecrets`) before it is stored. */
  details?: Record<string, unknown>;
  /** The request's client address; only its /24 (or /48) network is stored. */
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Writes one security event with `executor` (pass the change's transaction so the event exists
 * exactly when the change commits). Details pass through `redactSecrets`; the IP is stored as its
 * network; the user agent is cut to 300 characters.
 * @throws Error when the action is empty or longer than 64 characters.
 */
export async function recordSecurityEvent(executor: Executor, event: SecurityEventInput): Promise<void> {
  if (!event.action || event.action.length > 64)
    throw new Error(`Bad security event action: ${event.action}`);
  await executor.insert(securityEvents).values({
    user_id: event.userId,
    action: event.action,
    details: (redactSecrets(event.details ?? {}) ?? {}) as Record<string, unknown>,
    ip: ipNetwork(event.ip),
    user_agent: event.userAgent ? event.userAgent.slice(0, 300) : null,
  });
}

/**
 * Notes a sign-in of `userId` from (userAgent, ip) in user_devices. Returns "new" when the account
 * already had other devices and this one is unknown (a `sign_in.new_device` event is written then),
 * "first" for an account's first recorded device (registered quietly) and "known" otherwise (its
 * last_seen_at is updated).
 */
export async function noteSignInDevice(
  executor: Executor,
  sign: { userId: string; userAgent: string | null | undefined; ip: string | null | undefined },
): Promise<"new" | "first" | "known"> {
  const key = deviceKey(sign.userAgent, sign.ip);
  const inserted = await executor
    .insert(userDevices)
    .values({ user_id: sign.userId, device_key: key })
    .onConflictDoNothing()
    .returning({ key: userDevices.device_key });
  if (!inserted.length) {
    await executor
      .update(userDevices)
      .set({ last_seen_at: new Date() })
      .where(and(eq(userDevices.user_id, sign.userId), eq(userDevices.device_key, key)));
    return "known";
  }
  const [{ count }] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(userDevices)
    .where(eq(userDevices.user_id, sign.userId));
  if (count <= 1) return "first";
  await recordSecurityEvent(executor, {
    userId: sign.userId,
    action: "sign_in.new_device",
    details: {},
    ip: sign.ip,
    userAgent: sign.userAgent,
  });
  return "new";
}

/** One page of security events, newest first — of one account, or of all (admins) — with the total. */
export async function listSecurityEvents(
  executor: Executor,
  options: { userId?: string; page: number; pageSize: number },
) {
  const where = options.userId ? eq(securityEvents.user_id, options.userId) : undefined;
  const rows = await executor
    .select()
    .from(securityEvents)
    .where(where)
    .orderBy(desc(securityEvents.created_at), desc(securityEvents.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [{ total }] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(where);
  return { rows, total };
}
