import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring addresses of private files (issue 16 item 18, issue 17 item 11; decision 0172).
 * Lesson videos and materials are served only to their owner (session) or with a signature the
 * server gives the course's enrolled students: `/files/<key>?exp=<unix seconds>&sig=<base64url>`,
 * sig = HMAC-SHA256(auth secret, "<key>\n<exp>"). Thumbnails and landing-page images stay public.
 */

/** Upload areas whose files are private (upload-areas.ts names). */
export const PRIVATE_FILE_AREAS: ReadonlySet<string> = new Set(["material", "lesson-video"]);

/** How long a signed address works: at least 6 hours (expiry rounded up to the hour, so addresses stay cacheable). */
export const SIGNED_URL_SECONDS = 6 * 3600;

function signature(secret: string, key: string, exp: number): string {
  return createHmac("sha256", secret).update(`${key}\n${exp}`).digest("base64url");
}

/**
 * Signs an app-relative file address ("/files/<key>"); any other address comes back unchanged.
 * @param now milliseconds since the epoch.
 */
export function signFileUrl(secret: string, url: string, now = Date.now()): string {
  if (!url.startsWith("/files/")) return url;
  const path = url.split(/[?#]/)[0]!;
  const key = path.slice("/files/".length);
  const exp = Math.ceil((now / 1000 + SIGNED_URL_SECONDS) / 3600) * 3600;
  return `${path}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/**
 * True when `sig` signs `key` until `exp` (unix seconds) and `exp` has not passed.
 * Constant-time comparison. @param now milliseconds since the epoch.
 */
export function verifyFileSignature(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, key, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
