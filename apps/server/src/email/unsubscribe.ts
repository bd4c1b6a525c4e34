import { createHmac, timingSafeEqual } from "node:crypto";
import { escapeHtml, type Locale } from "./layout.ts";

/**
 * One-click unsubscribe (issue 27 §2, RFC 8058, decision 0230). A non-essential e-mail carries
 * `List-Unsubscribe: <{APP_URL}/unsubscribe/{token}>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`. The token names the recipient and the notification type and is
 * signed with HMAC-SHA256 under the auth secret, so the link works without signing in and cannot
 * be altered to unsubscribe somebody else or another type. It does not expire: an old e-mail's
 * link keeps working, as mail providers expect.
 */

/** Who and which type a message is for; the mailer turns it into the link and the headers. */
export interface UnsubscribeTarget {
  userId: string;
  /** A notification type (`NOTIFICATION_TYPES` in packages/shared). */
  type: string;
  /** The recipient's language, for the footer line. */
  locale: Locale;
}

const b64 = (value: string) => Buffer.from(value, "utf8").toString("base64url");

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url");
}

/** `{base64url(userId)}.{type}.{hmac}`: URL-safe, about 80 characters. */
export function signUnsubscribeToken(secret: string, userId: string, type: string): string {
  const payload = `${b64(userId)}.${type}`;
  return `${payload}.${signature(secret, payload)}`;
}

/**
 * The recipient and type of a token, or null when it is malformed or its signature does not match
 * (constant-time comparison). The caller still checks that the type exists.
 */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: string } | null {
  if (token.length > 400) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [user, type, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(user) || !/^[a-z_]{1,40}$/.test(type)) return null;
  const expected = Buffer.from(signature(secret, `${user}.${type}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const userId = Buffer.from(user, "base64url").toString("utf8");
  return userId ? { userId, type } : null;
}

/** The https (APP_URL) address of a token: GET shows the confirmation page, POST unsubscribes. */
export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe/${token}`;
}

/** The RFC 8058 headers for a message whose unsubscribe address is `url`. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * The message with a visible unsubscribe line under its footer (HTML and text), in the
 * recipient's language.
 */
export function withUnsubscribeFooter<T extends { html: string; text: string }>(
  message: T,
  url: string,
  locale: Locale,
): T {
  const label =
    locale === "vi"
      ? "Không muốn nhận loại email này nữa? Hủy đăng ký"
      : "Don't want these e-mails? Unsubscribe";
  const line = `<p style="color:#94a3b8;font-size:12px;margin:8px 0 0"><a href="${escapeHtml(url)}" style="color:#64748b">${escapeHtml(label)}</a></p>`;
  const end = "</div></body></html>";
  const html = message.html.endsWith(end)
    ? `${message.html.slice(0, -end.length)}${line}\n${end}`
    : `${message.html}${line}`;
  return { ...message, html, text: `${message.text}\n${label}: ${url}\n` };
}
